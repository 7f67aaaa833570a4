import type { DynamicModule, Type } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import type { GroupConfig } from '../config/group-config';
import type { LogFields } from '../logging/log-fields';
import type { OpenApiContribution } from '../openapi/openapi-contribution';
import type { ProblemCatalog } from '../problem/problem-catalog';

/**
 * One group of the MaCo backend interface (MaloIdent, BO4E lesen, triggers, …) as a service serves it: its Nest
 * module (routes, services, persistence) and what it registers with platform — its settings, its problem codes, its
 * request-log fields and its part of the OpenAPI document.
 */
export interface InterfaceGroup {
  /** Short, stable name (`maloident`): start-up errors name the group by it. */
  readonly name: string;
  readonly module: Type<unknown> | DynamicModule;
  /**
   * The group's own settings: platform reads them at start-up with its own (every bad variable of the service named in
   * one error) and provides the value under `config.token` for the group's services to inject.
   */
  readonly config?: GroupConfig;
  /** Codes the group's errors carry, each with its status: two groups may answer the same kind of failure differently. */
  readonly problems?: ProblemCatalog;
  /** Fields the group notes on its requests' log lines. */
  readonly logFields?: LogFields;
  /** The group's paths and schemas in the service's OpenAPI document. */
  readonly openApi?: OpenApiContribution;
}

/** A deployable service: the market role it serves and the interface groups it offers, in this order. */
export interface ServiceDefinition {
  readonly role: MarketRole;
  readonly groups: readonly InterfaceGroup[];
}

/** Types a group definition (and checks it at compile time). */
export function defineInterfaceGroup(group: InterfaceGroup): InterfaceGroup {
  return group;
}

/** Injection token of the running {@link ServiceDefinition}. */
export const SERVICE_DEFINITION = Symbol('SERVICE_DEFINITION');

/** Fails fast on a definition that cannot work: a group listed twice, two groups of one name or of one config token. */
export function checkServiceDefinition(definition: ServiceDefinition): void {
  const names = new Set<string>();
  const configs = new Map<symbol, string>();
  for (const group of definition.groups) {
    if (names.has(group.name))
      throw new Error(`Interface group ${group.name} is listed twice for role ${definition.role}`);
    names.add(group.name);
    if (!group.config) continue;
    const other = configs.get(group.config.token);
    if (other)
      throw new Error(
        `Interface groups ${other} and ${group.name} provide one config token (${group.config.token.toString()})`,
      );
    configs.set(group.config.token, group.name);
  }
}
