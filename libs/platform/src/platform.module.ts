import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { type ConfigEnvironment, valueOrThrow } from './config/config-reader';
import { readGroupConfigs } from './config/group-config';
import { CONFIG_ENVIRONMENT, GROUP_CONFIGS, SERVICE_ROLE } from './config/service-config.tokens';
import { checkServiceDefinition, SERVICE_DEFINITION, type ServiceDefinition } from './group/interface-group';
import { HealthController } from './health/health.controller';
import { ReadinessFallbacks } from './health/readiness-fallbacks';
import { REQUEST_LOG_FIELDS } from './logging/log-fields';
import { LoggingModule, type LoggingOptions } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import {
  mergeProblemCatalogs,
  PLATFORM_PROBLEMS,
  PROBLEM_CATALOG,
  type ProblemCatalog,
} from './problem/problem-catalog';
import { ProblemDetailsFilter } from './problem/problem-details.filter';
import { RefusalRecorders } from './problem/refusal-recorders';
import { RateLimitModule } from './rate-limit/rate-limit.module';

/** Platform's problem codes and those of every group of the service. */
export function serviceProblems(definition: ServiceDefinition): ProblemCatalog {
  return mergeProblemCatalogs(PLATFORM_PROBLEMS, ...definition.groups.map((group) => group.problems ?? {}));
}

/** The request-log field names the service's groups registered. */
export function serviceLogFields(definition: ServiceDefinition): string[] {
  return [...new Set(definition.groups.flatMap((group) => group.logFields?.names ?? []))];
}

/**
 * Every group's config value, read from the environment platform's config came from (`ServiceConfigModule`, else
 * `process.env`), each under the token the group injects it by. A bad variable fails the start with one
 * `ConfigurationError` naming every bad variable of every group; `startService` has checked them all, platform's
 * included, before Nest starts.
 */
function groupConfigProviders(definition: ServiceDefinition): Provider[] {
  return [
    {
      provide: GROUP_CONFIGS,
      inject: [{ token: CONFIG_ENVIRONMENT, optional: true }],
      useFactory: (env: ConfigEnvironment | undefined) =>
        valueOrThrow(readGroupConfigs(definition, env ?? process.env)),
    },
    ...definition.groups
      .flatMap((group) => group.config ?? [])
      .map((config) => ({
        provide: config.token,
        inject: [GROUP_CONFIGS],
        useFactory: (values: ReadonlyMap<symbol, unknown>) => values.get(config.token),
      })),
  ];
}

/** The tokens of the service's group configs. */
function groupConfigTokens(definition: ServiceDefinition): symbol[] {
  return definition.groups.flatMap((group) => group.config?.token ?? []);
}

/**
 * What every service shares: its market role, its groups' configs, problem-details errors (with the codes its groups
 * register), health, metrics, request logs (with the fields its groups register), rate-limit storage. The global guards
 * are registered by the service composition, in one fixed order.
 */
@Global()
@Module({})
export class PlatformModule {
  static forService(definition: ServiceDefinition, options: { logging?: LoggingOptions } = {}): DynamicModule {
    checkServiceDefinition(definition);
    return {
      module: PlatformModule,
      imports: [
        TerminusModule.forRoot({ logger: false }),
        MetricsModule.forRoot(),
        LoggingModule.forRoot(options.logging),
        RateLimitModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_DEFINITION, useValue: definition },
        { provide: SERVICE_ROLE, useValue: definition.role },
        { provide: PROBLEM_CATALOG, useValue: serviceProblems(definition) },
        { provide: REQUEST_LOG_FIELDS, useValue: serviceLogFields(definition) },
        ...groupConfigProviders(definition),
        RefusalRecorders,
        ReadinessFallbacks,
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [
        SERVICE_DEFINITION,
        SERVICE_ROLE,
        PROBLEM_CATALOG,
        REQUEST_LOG_FIELDS,
        ...groupConfigTokens(definition),
        RateLimitModule,
        RefusalRecorders,
        ReadinessFallbacks,
      ],
    };
  }
}
