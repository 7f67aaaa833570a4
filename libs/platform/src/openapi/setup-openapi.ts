import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { ServiceDefinition } from '../group/interface-group';
import { serviceProblems } from '../platform.module';
import { buildServiceOpenApi, canonicalOpenApi, OPENAPI_JSON_PATH, OPENAPI_UI_PATH } from './service-openapi';

/**
 * Serves the service's OpenAPI document at `/docs/openapi.json` and Swagger UI at `/docs`, both without a token (plain
 * Fastify routes: the app's guards do not see them). Call after `createServiceApp` and before `app.listen`/`app.init`:
 * Fastify takes no routes once it is listening.
 */
export function setupOpenApi(app: NestFastifyApplication, definition: ServiceDefinition): void {
  // Built lazily on the first request: start-up does not pay for the schema generation.
  SwaggerModule.setup(
    OPENAPI_UI_PATH,
    app,
    () => canonicalOpenApi(buildServiceOpenApi(definition, serviceProblems(definition))),
    {
      jsonDocumentUrl: OPENAPI_JSON_PATH,
      raw: ['json'],
      customSiteTitle: `MaCo ${definition.role} API`,
      swaggerOptions: { persistAuthorization: false },
    },
  );
}
