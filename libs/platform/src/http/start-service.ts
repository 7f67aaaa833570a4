import { Logger, type DynamicModule, type Type } from '@nestjs/common';
import { ConfigurationError, loadServiceConfig } from '../config/service-config';
import { createServiceApp } from './create-service-app';

/** Entry point of a deployable service: validated config, app, listen. Exits non-zero on a bad start. */
export async function startService(appModule: Type<unknown> | DynamicModule, serviceName: string): Promise<void> {
  const logger = new Logger(serviceName);
  try {
    const started = Date.now();
    const config = loadServiceConfig(process.env);
    const app = await createServiceApp(appModule, config);
    await app.listen(config.port, config.host);
    logger.log(`listening on ${await app.getUrl()} (ready in ${Date.now() - started} ms)`);
  } catch (error) {
    if (error instanceof ConfigurationError) logger.error(error.message);
    else logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  }
}
