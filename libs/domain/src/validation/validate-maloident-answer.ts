import { isObject } from 'class-validator';
import { MaloIdentAntwortLf } from '../envelope/maloident-antwort';
import { passesAllRules } from './fast-check';
import type { FieldViolation } from './field-violation';
import { ROOT_POINTER } from './json-pointer';
import { MESSAGES } from './messages';
import { classValidatorViolations } from './validate-process-data';

/**
 * Validates a MaloIdent answer (PI 03002/03003) against its own envelope: `targetBusinessKey` and `prozessId` (or
 * `referenzProzessId`) required, no `businessKey`. The body as the rules see it: a `data` wrapper is the caller's to
 * remove.
 */
export function validateMaloIdentAnswer(body: unknown): FieldViolation[] {
  if (!isObject(body)) return [{ pointer: ROOT_POINTER, message: MESSAGES.jsonObject }];
  const violations = passesAllRules(MaloIdentAntwortLf, body) ? [] : classValidatorViolations(MaloIdentAntwortLf, body);
  const zusatzdaten = (body as { zusatzdaten?: unknown }).zusatzdaten;
  if (isObject(zusatzdaten)) {
    const { prozessId, referenzProzessId } = zusatzdaten as { prozessId?: unknown; referenzProzessId?: unknown };
    const present = (value: unknown) => typeof value === 'string' && value.length > 0;
    if (!present(prozessId) && !present(referenzProzessId)) {
      violations.push({
        pointer: '#/zusatzdaten/prozessId',
        message: 'is required (the prozessId of the START_MALOIDENT trigger; referenzProzessId is accepted too)',
      });
    }
  }
  return violations;
}
