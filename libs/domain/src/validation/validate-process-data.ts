import { plainToInstance } from 'class-transformer';
import { isObject, validateSync, type ValidatorOptions } from 'class-validator';
import { envelopeClassFor } from '../envelope/envelope-table';
import type { MarketRole, ProcessOperation } from '../market-role';
import { passesAllRules } from './fast-check';
import type { FieldViolation } from './field-violation';
import { ROOT_POINTER } from './json-pointer';
import { MESSAGES } from './messages';
import { toFieldViolations } from './violations';

// No whitelist/forbidNonWhitelisted: partner payloads grow, unknown fields pass untouched (STYLE §4).
// forbidUnknownValues: an object that lost its class (e.g. via a `__proto__` key) fails instead of passing unchecked.
const VALIDATOR_OPTIONS: ValidatorOptions = Object.freeze({
  forbidUnknownValues: true,
  validationError: { target: true, value: true },
});

/**
 * Validates a parsed JSON body; returns every violation (empty array = valid). Never mutates `body`.
 * Valid bodies, nearly all of them, are recognised by a check compiled from the same class metadata; only a body
 * that fails it pays for class-validator's full run, which produces the violations.
 */
export function validateProcessData(role: MarketRole, operation: ProcessOperation, body: unknown): FieldViolation[] {
  const envelope = envelopeClassFor(role, operation);
  if (!isObject(body)) return [{ pointer: ROOT_POINTER, message: MESSAGES.jsonObject }];
  if (passesAllRules(envelope, body)) return [];
  return classValidatorViolations(envelope, body);
}

/** class-validator's full run on a transformed copy: the violations, and the reference the fast check is tested against. */
export function classValidatorViolations(envelope: new () => object, body: object): FieldViolation[] {
  // plainToInstance builds a new object graph; without implicit conversion no value changes type.
  const instance = plainToInstance(envelope, body);
  return toFieldViolations(validateSync(instance, VALIDATOR_OPTIONS), ROOT_POINTER);
}
