import { Logger, type DynamicModule, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigurationError, loadServiceConfig } from '../config/service-config';
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
  return typeof error === 'object' && error !== null && (error as { [STARTUP_ERROR]?: unknown })[STARTUP_ERROR] === true;
}

/** Entry point of a deployable service: validated config, app, listen. Exits non-zero on a bad start. */
export async function startService(
  appModule: Type<unknown> | DynamicModule,
  serviceName: string,
  options: { beforeListen?: (app: NestFastifyApplication) => void } = {},
): Promise<void> {
  const logger = new Logger(serviceName);
  try {
    const started = Date.now();
    const config = loadServiceConfig(process.env);
    const app = await createServiceApp(appModule, config);
    boundShutdown(config.shutdownTimeoutMs, logger);
    // Routes such as the OpenAPI pages must be added before Fastify listens.
    options.beforeListen?.(app);
    await app.listen(config.port, config.host);
    logger.log(`listening on ${await app.getUrl()} (ready in ${Date.now() - started} ms)`);
  } catch (error) {
    if (error instanceof ConfigurationError || isStartupError(error)) logger.error((error as Error).message);
    else logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
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
