import { setupOpenApi, startService, type ServiceDefinition } from '@maco/platform';
import { composeService } from './compose-service';

/** Starts a role's service: `main.ts` of every app is this one call. Exits non-zero on a bad start. */
export function bootstrapService(definition: ServiceDefinition): Promise<void> {
  return startService(composeService(definition), definition.role.toLowerCase(), { beforeListen: (app) => setupOpenApi(app, definition) });
}
