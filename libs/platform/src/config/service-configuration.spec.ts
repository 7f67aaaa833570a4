import { Inject, Injectable, Module } from '@nestjs/common';
import { defineInterfaceGroup, type ServiceDefinition } from '../group/interface-group';
import { createServiceApp } from '../http/create-service-app';
import { startService } from '../http/start-service';
import { PlatformModule } from '../platform.module';
import { ConfigurationError } from './config-reader';
import { defineGroupConfig } from './group-config';
import { loadServiceConfig } from './service-config';
import { loadServiceConfiguration } from './service-configuration';

const FIRST_CONFIG = Symbol('FIRST_CONFIG');
const SECOND_CONFIG = Symbol('SECOND_CONFIG');

interface FirstConfig {
  limit: number;
}

@Injectable()
class FirstService {
  constructor(@Inject(FIRST_CONFIG) readonly config: FirstConfig) {}
}

@Module({ providers: [FirstService] })
class FirstModule {}

@Module({})
class SecondModule {}

const FIRST = defineInterfaceGroup({
  name: 'first',
  module: FirstModule,
  config: defineGroupConfig(FIRST_CONFIG, (read): FirstConfig => ({
    limit: read.integer('FIRST_LIMIT', 10, { min: 1, max: 100 }),
  })),
});
const SECOND = defineInterfaceGroup({
  name: 'second',
  module: SecondModule,
  config: defineGroupConfig(SECOND_CONFIG, (read) => ({
    mode: read.choice('SECOND_MODE', ['on', 'off'] as const, 'off'),
  })),
});
const definition: ServiceDefinition = {
  role: 'LF',
  groups: [FIRST, SECOND, { name: 'plain', module: class PlainModule {} }],
};

const secret = 'a-development-secret-of-32-bytes-or-more';
const BAD = { JWT_SECRET: secret, PORT: 'eighty', FIRST_LIMIT: '0', SECOND_MODE: 'maybe' };
const THREE_PROBLEMS = [
  'Invalid configuration:',
  '  - PORT must be an integer from 0 to 65535 (got "eighty")',
  '  - first: FIRST_LIMIT must be an integer from 1 to 100 (got "0")',
  '  - second: SECOND_MODE must be one of on, off (got "maybe")',
].join('\n');

describe(loadServiceConfiguration.name, () => {
  it("should read platform's config and every group's, each group's value by its token", () => {
    const configuration = loadServiceConfiguration(definition, { JWT_SECRET: secret, FIRST_LIMIT: '7' });
    expect(configuration.service).toMatchObject({ port: 3000 });
    expect(configuration.groups).toEqual(
      new Map<symbol, unknown>([
        [FIRST_CONFIG, { limit: 7 }],
        [SECOND_CONFIG, { mode: 'off' }],
      ]),
    );
  });

  it("should name a bad platform variable and each group's bad variable in one error", () => {
    expect(() => loadServiceConfiguration(definition, BAD)).toThrow(ConfigurationError);
    expect(() => loadServiceConfiguration(definition, BAD)).toThrow(THREE_PROBLEMS);
    try {
      loadServiceConfiguration(definition, BAD);
    } catch (error) {
      expect((error as ConfigurationError).problems.map((problem) => [problem.group, problem.variable])).toEqual([
        [undefined, 'PORT'],
        ['first', 'FIRST_LIMIT'],
        ['second', 'SECOND_MODE'],
      ]);
    }
  });

  it('should refuse two groups that provide one config token', () => {
    const twin = defineInterfaceGroup({ name: 'twin', module: SecondModule, config: FIRST.config });
    expect(() => PlatformModule.forService({ role: 'LF', groups: [FIRST, twin] })).toThrow(
      'Interface groups first and twin provide one config token (Symbol(FIRST_CONFIG))',
    );
  });
});

describe(`${startService.name} with a bad configuration`, () => {
  afterEach(() => jest.restoreAllMocks());

  it('should fail once, naming the bad platform variable and the bad variable of each of two groups', async () => {
    const written = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = jest.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const composed = {
      module: class ServiceModule {},
      imports: [PlatformModule.forService(definition), FirstModule, SecondModule],
    };

    await startService(definition, composed, 'lf', { env: BAD });

    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(1);
    expect(written.mock.calls).toEqual([[`lf did not start: ${THREE_PROBLEMS}\n`]]);
  });
});

describe('group configs in the running service', () => {
  const composed = {
    module: class ServiceModule {},
    imports: [PlatformModule.forService(definition), FirstModule, SecondModule],
  };

  it("should provide each group's value under its token to the group's services", async () => {
    const env = { JWT_SECRET: secret, LOG_LEVEL: 'silent', FIRST_LIMIT: '42' };
    const app = await createServiceApp(composed, loadServiceConfig(env), { env, logLevels: [] });
    try {
      expect(app.get(FirstService).config).toEqual({ limit: 42 });
      expect(app.get(SECOND_CONFIG)).toEqual({ mode: 'off' });
    } finally {
      await app.close();
    }
  });

  it("should refuse to create the app when a group's variable is bad, naming every group's", async () => {
    const env = { JWT_SECRET: secret, LOG_LEVEL: 'silent', FIRST_LIMIT: 'x', SECOND_MODE: 'y' };
    await expect(createServiceApp(composed, loadServiceConfig(env), { env, logLevels: [] })).rejects.toThrow(
      'Invalid configuration:\n  - first: FIRST_LIMIT must be an integer from 1 to 100 (got "x")\n  - second: SECOND_MODE must be one of on, off (got "y")',
    );
  });
});
