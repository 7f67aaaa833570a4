import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ServiceDefinition, setupOpenApi, startService } from '@maco/platform';
import { composeService } from './compose-service';

/** Starts a role's service: `main.ts` of every app is this one call. Exits non-zero on a bad start. */
export function bootstrapService(definition: ServiceDefinition): Promise<void> {
  return startService(definition, composeService(definition), definition.role.toLowerCase(), {
    beforeListen: (app) => addRoutesOutsideControllers(app, definition),
  });
}

/**
 * The routes a service serves besides its controllers' (the OpenAPI document and Swagger UI), added before it listens.
 * One function, so the route listing and the tests see what a started service serves.
 */
export function addRoutesOutsideControllers(app: NestFastifyApplication, definition: ServiceDefinition): void {
  setupOpenApi(app, definition);
}
