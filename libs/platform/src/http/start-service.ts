import { type DynamicModule, Logger, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ConfigEnvironment, ConfigurationError } from '../config/config-reader';
import { loadServiceConfiguration } from '../config/service-configuration';
import type { ServiceDefinition } from '../group/interface-group';
import { createServiceApp } from './create-service-app';

/** Marks an error as a {@link StartupError} where a lib cannot import platform (a registered symbol: one per process). */
export const STARTUP_ERROR = Symbol.for('maco.startupError');

/**
 * A start that cannot work as set up (no usable database, say): its message is one sentence naming the cause and the
 * fix, and it is all the operator sees — no stack trace.
 */
export class StartupError extends Error {
  readonly [STARTUP_ERROR] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

export function isStartupError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { [STARTUP_ERROR]?: unknown })[STARTUP_ERROR] === true
  );
}

/**
 * Entry point of a deployable service: validated config, app, listen. Exits non-zero on a bad start; a bad
 * configuration is one error naming every bad variable of platform and of each of `definition`'s groups.
 * `appModule` is the service composed of `definition`.
 */
export async function startService(
  definition: ServiceDefinition,
  appModule: Type<unknown> | DynamicModule,
  serviceName: string,
  options: { beforeListen?: (app: NestFastifyApplication) => void; env?: ConfigEnvironment } = {},
): Promise<void> {
  const logger = new Logger(serviceName);
  const env = options.env ?? process.env;
  try {
    const started = Date.now();
    // Every variable is checked here, before Nest starts; the groups' values are read from `env` again as Nest
    // creates their providers (PlatformModule).
    const config = loadServiceConfiguration(definition, env).service;
    const app = await createServiceApp(appModule, config, { env });
    boundShutdown(config.shutdownTimeoutMs, logger);
    // Routes such as the OpenAPI pages must be added before Fastify listens.
    options.beforeListen?.(app);
    await app.listen(config.port, config.host);
    // tools/start-service.js holds the workspace's start lock until the service has loaded what it needs.
    process.emit('maco:listening' as never);
    logger.log(`listening on ${await app.getUrl()} (ready in ${Date.now() - started} ms)`);
  } catch (error) {
    const known = error instanceof ConfigurationError || isStartupError(error);
    const message = known
      ? (error as Error).message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    // Straight to stderr: Nest buffers its log until the app exists, so a start that failed before (an unreachable
    // database) went unheard through it.
    process.stderr.write(`${serviceName} did not start: ${message}\n`);
    process.exit(1);
  }
}

/**
 * Nest closes the app on SIGTERM/SIGINT: Fastify stops accepting, answers the requests in flight, then the pool
 * closes. This bounds that wait, so a stuck request cannot keep a deploy from finishing.
 */
function boundShutdown(timeoutMs: number, logger: Logger): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.log(`${signal}: finishing requests in flight (at most ${timeoutMs} ms)`);
      setTimeout(() => {
        logger.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs).unref();
    });
  }
}
