import type { ServiceDefinition } from '../group/interface-group';
import { type ConfigEnvironment, ConfigurationError } from './config-reader';
import { readGroupConfigs } from './group-config';
import { parseServiceConfig, type ServiceConfig } from './service-config';

/** A service's whole configuration: platform's, and each of its groups' by the group config's token. */
export interface ServiceConfiguration {
  readonly service: ServiceConfig;
  readonly groups: ReadonlyMap<symbol, unknown>;
}

/**
 * Reads platform's config and every group's from one environment. Anything wrong fails once: a
 * {@link ConfigurationError} names every bad variable, platform's first, then each group's (prefixed with its name)
 * in the definition's order.
 */
export function loadServiceConfiguration(
  definition: ServiceDefinition,
  env: ConfigEnvironment = process.env,
): ServiceConfiguration {
  const service = parseServiceConfig(env);
  const groups = readGroupConfigs(definition, env);
  if (!service.ok || !groups.ok)
    throw new ConfigurationError([...(service.ok ? [] : service.problems), ...(groups.ok ? [] : groups.problems)]);
  return { service: service.value, groups: groups.value };
}
