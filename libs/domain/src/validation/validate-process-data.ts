import { plainToInstance } from 'class-transformer';
import { isObject, validateSync, type ValidatorOptions } from 'class-validator';
import { envelopeClassFor } from '../envelope/envelope-table';
import type { MarketRole, ProcessOperation } from '../market-role';
import type { FieldViolation } from './field-violation';
import { ROOT_POINTER } from './json-pointer';
import { MESSAGES } from './messages';
import { memoiseRuleLookup } from './rule-lookup-memo';
import { toFieldViolations } from './violations';

// No whitelist/forbidNonWhitelisted: partner payloads grow, unknown fields pass untouched (STYLE §4).
// forbidUnknownValues: an object that lost its class (e.g. via a `__proto__` key) fails instead of passing unchecked.
const VALIDATOR_OPTIONS: ValidatorOptions = Object.freeze({
  forbidUnknownValues: true,
  validationError: { target: true, value: true },
});

// Once per process, not per call: class-validator would otherwise rescan all registered classes for every object.
memoiseRuleLookup();

/** Validates a parsed JSON body; returns every violation (empty array = valid). Never mutates `body`. */
export function validateProcessData(role: MarketRole, operation: ProcessOperation, body: unknown): FieldViolation[] {
  const envelope = envelopeClassFor(role, operation);
  if (!isObject(body)) return [{ pointer: ROOT_POINTER, message: MESSAGES.jsonObject }];
  // plainToInstance builds a new object graph; without implicit conversion no value changes type.
  const instance = plainToInstance(envelope, body);
  return toFieldViolations(validateSync(instance, VALIDATOR_OPTIONS), ROOT_POINTER);
}
