import type { ProblemError } from '@maco/platform';
import type { KeyMatch, UpdateKeys } from '@maco/process-store';
import { processDataProblem } from '../process-data.problems';
import type { Zusatzdaten } from './process-data-envelope';

/** The keys an update names its process by; `referenzProzessId` (the vendor's examples) stands in for `prozessId`. */
export function updateKeysOf(zusatzdaten: Zusatzdaten): UpdateKeys {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  const keys: UpdateKeys = {
    businessKey: text(zusatzdaten.businessKey),
    targetBusinessKey: text(zusatzdaten.targetBusinessKey),
    parentBusinessKey: text(zusatzdaten.parentBusinessKey),
    prozessId: text(zusatzdaten.prozessId) ?? text(zusatzdaten.referenzProzessId),
  };
  return Object.fromEntries(Object.entries(keys).filter(([, key]) => key !== undefined));
}

/** The key an update's revision and receipt carry: its own businessKey, else the key that names its process. */
export function requestKeyOf(keys: UpdateKeys): string {
  return keys.businessKey ?? keys.targetBusinessKey ?? keys.parentBusinessKey ?? keys.prozessId ?? '';
}

/** No process of the role carries any of the update's keys (the quarantine keeps it until one does). */
export function unknownKeysProblem(keys: UpdateKeys, role: string): ProblemError {
  const named = Object.entries(keys)
    .map(([field, key]) => `${field} ${key}`)
    .join(', ');
  return processDataProblem(
    'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
    `No process with ${named || 'any key'} is booked for role ${role}.`,
    {
      errors: [
        {
          pointer: `#/zusatzdaten/${keys.businessKey ? 'businessKey' : 'targetBusinessKey'}`,
          message: 'no process with this business key exists',
        },
      ],
    },
  );
}

/** The update's keys name different processes: nothing is booked, and each key says whose it is. */
export function ambiguousKeysProblem(matches: KeyMatch[]): ProblemError {
  const processes = [...new Set(matches.map((match) => match.processBusinessKey))];
  return processDataProblem(
    'PROCESS_DATA.KEYS_AMBIGUOUS',
    `The request's keys name ${processes.length} different processes (${processes.join(', ')}); nothing was booked.`,
    {
      matches,
      errors: matches.map(({ field, key, processBusinessKey }) => ({
        pointer: `#/zusatzdaten/${field}`,
        message: `${key} belongs to process ${processBusinessKey}`,
      })),
    },
  );
}
