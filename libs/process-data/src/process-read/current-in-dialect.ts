import { type Dialect, toEnglish } from '@maco/domain';
import { RawJson } from '@maco/platform';
import { mapJsonTextExactly } from './exact-json-text';

/**
 * A process's `current` in the service's dialect (`MACO_DIALECT`). The state is stored in the canonical German form
 * (the booking reads English bodies into it): German answers its stored text as it is, English translates it, numbers
 * kept exactly as stored.
 */
export function currentInDialect(current: RawJson | null, dialect: Dialect): RawJson | null {
  if (current === null || dialect === 'de') return current;
  return new RawJson(mapJsonTextExactly(current.text, (state) => toEnglish(state)));
}
