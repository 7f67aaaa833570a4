import { commandNames } from '@maco/platform';
import { LOCATION_TYPES, locationKey, locationTypeOf, locationTypesOfId, MAX_ID_LENGTH, type LocationType } from '@maco/process-store';
import type { ReadRoute } from './read-routes';

/** What a read asks for, once its parameters are checked. */
export interface ReadRequest {
  locationId: string;
  /** The location types the id is read as: `parameter2`, else what its format allows. */
  locationTypes: LocationType[];
  /** Location keys of the read model. */
  locations: string[];
  from: Date;
  to?: Date;
}

export interface ParameterError {
  pointer: string;
  message: string;
}

export type ReadRequestCheck = { ok: true; request: ReadRequest } | { ok: false; errors: ParameterError[] };

// RFC 3339 date-time with its offset, as the contract's `format: date-time` says.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * Checks a read's query: `parameter1` the location id, `parameter2` its type (optional; absent → from the id's format),
 * `parameter3` the key date or period start, `parameter4` the period end (optional, not before `parameter3`), and
 * `command` (optional, the operationId with or without a system prefix). `parameter5…7` are not used by these reads.
 * Every problem is reported, with a pointer to its parameter.
 */
export function checkReadRequest(route: ReadRoute, query: Record<string, unknown>): ReadRequestCheck {
  const errors: ParameterError[] = [];
  const error = (name: string, message: string) => errors.push({ pointer: `#/${name}`, message });
  const value = (name: string): string | undefined => {
    const raw = query[name];
    if (raw === undefined || raw === '') {
      if ((route.required as readonly string[]).includes(name)) error(name, 'is required');
      return undefined;
    }
    if (typeof raw !== 'string') {
      error(name, 'must be given once');
      return undefined;
    }
    return raw;
  };

  const locationId = value('parameter1');
  if (locationId !== undefined && (locationId.length > MAX_ID_LENGTH || !/^[\x21-\x7e]+$/.test(locationId))) {
    error('parameter1', `must be a location id (printable characters, at most ${MAX_ID_LENGTH})`);
  }
  const typeName = value('parameter2');
  const namedType = typeName === undefined ? undefined : locationTypeOf(typeName);
  if (typeName !== undefined && !namedType) error('parameter2', `must be one of ${LOCATION_TYPES.join(', ')}`);
  const from = dateOf(value('parameter3'), 'parameter3', error);
  const to = dateOf(value('parameter4'), 'parameter4', error);
  if (from && to && to < from) error('parameter4', 'must not be before parameter3');
  for (const name of ['parameter5', 'parameter6', 'parameter7']) value(name);
  const command = query['command'];
  if (command !== undefined && !commandNames(command, route.operationId)) {
    error('command', `must be ${route.operationId}, with or without a system prefix such as SAP_ (or absent)`);
  }

  if (errors.length > 0 || locationId === undefined || from === undefined) return { ok: false, errors };
  const locationTypes = namedType ? [namedType] : locationTypesOfId(locationId);
  return {
    ok: true,
    request: { locationId, locationTypes, locations: locationTypes.map((type) => locationKey(type, locationId)), from, ...(to ? { to } : {}) },
  };
}

function dateOf(text: string | undefined, name: string, error: (name: string, message: string) => void): Date | undefined {
  if (text === undefined) return undefined;
  // An unencoded `+` of an offset arrives as a space.
  const normalised = text.replace(/ (\d{2}:\d{2})$/, '+$1');
  const date = DATE_TIME.test(normalised) ? new Date(normalised) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    error(name, 'must be a date-time with offset (RFC 3339), e.g. 2024-06-28T12:18:00Z');
    return undefined;
  }
  return date;
}
