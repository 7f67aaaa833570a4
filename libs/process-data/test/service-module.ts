import type { DynamicModule, Type } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import type { LoggingOptions } from '@maco/platform';
import { composeService } from '@maco/service';
import { PROCESS_DATA_GROUP } from '../src';

/** What every app composes with this group, for any role, plus modules a test adds (each as a group of its own). */
export function serviceModule(
  role: MarketRole,
  options: { logging?: LoggingOptions; extraImports?: (Type<unknown> | DynamicModule)[] } = {},
): DynamicModule {
  const extras = (options.extraImports ?? []).map((module, index) => ({ name: `test-${index}`, module }));
  return composeService({ role, groups: [PROCESS_DATA_GROUP, ...extras] }, { logging: options.logging });
}
