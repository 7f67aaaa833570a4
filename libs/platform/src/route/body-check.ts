import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appendPointer, ROOT_POINTER } from '@maco/domain';
import type { OpenApiObject } from '../openapi/openapi-contribution';
import type { ProblemFieldError } from '../problem/problem.error';

/** The message of a schema whose value does not fit, where it says more than the validator's: `x-invalid`. */
export const INVALID_MESSAGE = 'x-invalid';

/** What a member's name must be, on an object schema whose `additionalProperties: false` refuses the others: `x-invalid-name`. */
export const INVALID_NAME_MESSAGE = 'x-invalid-name';

/** A body checker: every problem of a body at once, each with a JSON pointer into it (`#/kriterien/0/plz`). */
export type BodyCheck = (body: unknown) => ProblemFieldError[];

// One validator for every route's body: the schemas are the documented ones (OpenAPI 3.0: `nullable`, `x-…`).
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, discriminator: true });
addFormats(ajv);

/**
 * Compiles a route's documented body schema (its `$ref`s into `components` resolved) into a checker. A missing member
 * is reported at its own pointer (`is required`); other messages come from the schema's `x-invalid`, else the validator.
 */
export function bodyCheck(schema: OpenApiObject, components: Record<string, OpenApiObject> = {}): BodyCheck {
  const validate: ValidateFunction = ajv.compile({ ...schema, components: { schemas: components } });
  return (body) => (validate(body) ? [] : uniqueErrors((validate.errors ?? []).flatMap(fieldErrorOf)));
}

function fieldErrorOf(error: ErrorObject): ProblemFieldError[] {
  const at = ROOT_POINTER + error.instancePath;
  // Branches of oneOf/anyOf report their own failures too; the combinator's own error is the one to show.
  if (error.keyword === 'if') return [];
  if (error.keyword === 'required') return [{ pointer: appendPointer(at, String(error.params.missingProperty)), message: 'is required' }];
  const schema = error.parentSchema as OpenApiObject | undefined;
  if (error.keyword === 'additionalProperties') {
    const name = schema?.[INVALID_NAME_MESSAGE];
    return [{ pointer: appendPointer(at, String(error.params.additionalProperty)), message: typeof name === 'string' ? `must be ${name}` : 'is not allowed here' }];
  }
  const custom = schema?.[INVALID_MESSAGE];
  return [{ pointer: at, message: typeof custom === 'string' ? `must be ${custom}` : (error.message ?? 'is invalid') }];
}

function uniqueErrors(errors: ProblemFieldError[]): ProblemFieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.pointer} ${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
