import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule, JwtAuthGuard, ServiceRoleGuard } from '@maco/auth';
import { DatabaseModule } from '@maco/database';
import { PlatformModule, TokenThrottlerGuard } from '@maco/platform';
import { composeService } from './compose-service';

@Module({})
class FirstGroupModule {}

@Module({})
class SecondGroupModule {}

describe(composeService.name, () => {
  const composed = composeService({
    role: 'MSB',
    groups: [
      { name: 'first', module: FirstGroupModule },
      { name: 'second', module: SecondGroupModule },
    ],
  });

  it('should register the global guards here, in the order they must run: rate limit, token (401), role (403)', () => {
    const guards = (composed.providers ?? []).filter(
      (provider) => (provider as { provide?: unknown }).provide === APP_GUARD,
    );
    expect(guards.map((guard) => (guard as { useClass: unknown }).useClass)).toEqual([
      TokenThrottlerGuard,
      JwtAuthGuard,
      ServiceRoleGuard,
    ]);
  });

  it("should import platform, database and auth, then the groups' modules in the definition's order", () => {
    const imports = (composed.imports ?? []).map((entry) => (entry as DynamicModule).module ?? entry);
    expect(imports).toEqual([PlatformModule, DatabaseModule, AuthModule, FirstGroupModule, SecondGroupModule]);
  });

  it('should refuse a definition that lists a group twice before anything starts', () => {
    expect(() =>
      composeService({
        role: 'LF',
        groups: [
          { name: 'first', module: FirstGroupModule },
          { name: 'first', module: SecondGroupModule },
        ],
      }),
    ).toThrow('Interface group first is listed twice for role LF');
  });
});
