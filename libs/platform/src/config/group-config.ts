import type { ServiceDefinition } from '../group/interface-group';
import {
  type ConfigEnvironment,
  type ConfigProblem,
  type ConfigReader,
  type ConfigResult,
  type ConfigVariable,
  readConfig,
} from './config-reader';

/**
 * An interface group's own settings: the token its services inject the value by, and how the value is read from the
 * environment. Platform reads every group's at start-up together with its own, so one error names every bad variable
 * of the service (see `loadServiceConfiguration`), and provides each value under its token.
 */
export interface GroupConfig<T = unknown> {
  readonly token: symbol;
  /** The value, or a problem per bad variable (each naming it). Reads nothing but `env`, or files it names. */
  readonly parse: (env: ConfigEnvironment) => ConfigResult<T>;
  /** The variables `read` may read (docs/configuration.md); absent in tests' groups only. */
  readonly variables?: readonly ConfigVariable[];
  readonly read: (reader: ConfigReader) => T;
}

/**
 * A group's config read with platform's {@link ConfigReader}: `read` notes every bad variable and returns the value,
 * reading only the `variables` declared.
 */
export function defineGroupConfig<T>(
  token: symbol,
  read: (reader: ConfigReader) => T,
  variables?: readonly ConfigVariable[],
): GroupConfig<T> {
  return { token, parse: (env) => readConfig(env, read, variables), variables, read };
}

/** Every group's config value by its token; a group's problems carry the group's name. */
export function readGroupConfigs(
  definition: ServiceDefinition,
  env: ConfigEnvironment,
): ConfigResult<ReadonlyMap<symbol, unknown>> {
  const values = new Map<symbol, unknown>();
  const problems: ConfigProblem[] = [];
  for (const group of definition.groups) {
    if (!group.config) continue;
    const result = group.config.parse(env);
    if (result.ok) values.set(group.config.token, result.value);
    else problems.push(...result.problems.map((problem) => ({ ...problem, group: group.name })));
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: values };
}
