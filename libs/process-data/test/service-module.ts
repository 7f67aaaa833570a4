import type { DynamicModule } from '@nestjs/common';
import { AuthModule } from '@maco/auth';
import { DatabaseModule } from '@maco/database';
import type { MarketRole } from '@maco/domain';
import { PlatformModule, type LoggingOptions } from '@maco/platform';
import { ProcessDataModule } from '../src';

/** What apps/<role>/src/app.module.ts composes, for any role, plus modules a test adds. */
export function serviceModule(
  role: MarketRole,
  options: { logging?: LoggingOptions; extraImports?: DynamicModule['imports'] } = {},
): DynamicModule {
  return {
    module: class ProcessDataTestServiceModule {},
    imports: [
      PlatformModule.forRole(role, { logging: options.logging }),
      DatabaseModule.forRoot(),
      AuthModule,
      ProcessDataModule,
      ...(options.extraImports ?? []),
    ],
  };
}
