import { commandNames } from '@maco/platform';
import { IDENTIFY_OPERATION, LOCATION_IDENTIFY_OPERATION } from './identify-request';

/** The operations `POST /identifyMarketlocation` serves, chosen by `command`; both by the same identification. */
export const IDENTIFY_OPERATIONS = [IDENTIFY_OPERATION, LOCATION_IDENTIFY_OPERATION] as const;
export type IdentifyOperation = (typeof IDENTIFY_OPERATIONS)[number];

/**
 * The operation a `command` names (with or without a system prefix such as `SAP_`); absent → `LESEN_MALOIDENT_BASIS`,
 * the route's first operation; a command naming another operation → undefined.
 */
export function identifyOperationOf(command: unknown): IdentifyOperation | undefined {
  if (command === undefined) return IDENTIFY_OPERATION;
  return IDENTIFY_OPERATIONS.find((operation) => commandNames(command, operation));
}
