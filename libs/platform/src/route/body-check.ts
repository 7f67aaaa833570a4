import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appendPointer, ROOT_POINTER, unescapePointerToken } from '@maco/domain';
import type { OpenApiObject } from '../openapi/openapi-contribution';
import type { ProblemFieldError } from '../platform-api';

/** The message of a schema whose value does not fit, where it says more than the validator's: `x-invalid`. */
export const INVALID_MESSAGE = 'x-invalid';

/** What a member's name must be, on an object schema whose `additionalProperties: false` refuses the others: `x-invalid-name`. */
export const INVALID_NAME_MESSAGE = 'x-invalid-name';

/**
 * Whole messages of a schema by the keyword its value fails (`{ maxItems: 'must have at most 20 elements' }`), where
 * `x-invalid`'s `must be …` does not say it; `required` is said when the member is missing, `null` when it is null and
 * the schema does not allow that: `x-messages`.
 */
export const KEYWORD_MESSAGES = 'x-messages';

/**
 * A body checker: every problem of a body at once, each with a JSON pointer into it (`#/kriterien/0/plz`), one per
 * member (the first its schema finds), in the order of the schema's members. `context` is what the route's rules in
 * code need besides the body (nothing for most).
 */
export type BodyCheck<C = void> = (body: unknown, context: C) => ProblemFieldError[];

/** Rules a schema cannot say: their problems join the schema's (not where the schema found one already). */
export type BodyRules<C> = (body: unknown, context: C) => ProblemFieldError[];

// One validator for every route's body: the schemas are the documented ones (OpenAPI 3.0: `nullable`, `x-…`).
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, discriminator: true });
addFormats(ajv);

type Components = Record<string, OpenApiObject>;

/**
 * Compiles a route's documented body schema (its `$ref`s into `components` resolved) into a checker. A missing member
 * is reported at its own pointer (`is required`); other messages come from the schema's `x-messages` or `x-invalid`,
 * else the validator. `rules` add what the schema cannot say.
 */
export function bodyCheck<C = void>(
  schema: OpenApiObject,
  components: Components = {},
  rules?: BodyRules<C>,
): BodyCheck<C> {
  const validate: ValidateFunction = ajv.compile({ ...schema, components: { schemas: components } });
  const rankOf = memberRanks(schema, components);
  return (body, context) => {
    const found = onePerMember(
      validate(body) ? [] : (validate.errors ?? []).flatMap((error) => fieldErrorOf(error, components)),
    );
    const flagged = new Set(found.map((error) => error.pointer));
    const ruled = (rules?.(body, context) ?? []).filter((error) => !flagged.has(error.pointer));
    return inMemberOrder([...found, ...ruled], rankOf);
  };
}

function fieldErrorOf(error: ErrorObject, components: Components): ProblemFieldError[] {
  const at = ROOT_POINTER + error.instancePath;
  // Branches of oneOf/anyOf report their own failures too; the combinator's own error is the one to show.
  if (error.keyword === 'if') return [];
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    const member = resolved(propertiesOf(error.parentSchema as OpenApiObject | undefined)[name], components);
    return [{ pointer: appendPointer(at, name), message: messagesOf(member)['required'] ?? 'is required' }];
  }
  const schema = error.parentSchema as OpenApiObject | undefined;
  if (error.keyword === 'additionalProperties') {
    const name = schema?.[INVALID_NAME_MESSAGE];
    return [
      {
        pointer: appendPointer(at, String(error.params.additionalProperty)),
        message: typeof name === 'string' ? `must be ${name}` : 'is not allowed here',
      },
    ];
  }
  const messages = messagesOf(schema);
  const custom = schema?.[INVALID_MESSAGE];
  const message =
    (error.data === null ? messages['null'] : undefined) ??
    messages[error.keyword] ??
    (typeof custom === 'string' ? `must be ${custom}` : error.message);
  return [{ pointer: at, message: message ?? 'is invalid' }];
}

function propertiesOf(schema: OpenApiObject | undefined): Record<string, OpenApiObject> {
  return (schema?.['properties'] as Record<string, OpenApiObject> | undefined) ?? {};
}

function messagesOf(schema: OpenApiObject | undefined): Record<string, string | undefined> {
  return (schema?.[KEYWORD_MESSAGES] as Record<string, string> | undefined) ?? {};
}

function resolved(schema: OpenApiObject | undefined, components: Components): OpenApiObject | undefined {
  const ref = schema?.['$ref'];
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/')
    ? components[ref.slice('#/components/schemas/'.length)]
    : schema;
}

/** The first problem of each member: a value too long and of the wrong pattern is one problem. */
function onePerMember(errors: ProblemFieldError[]): ProblemFieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.pointer) && Boolean(seen.add(error.pointer)));
}

/**
 * The rank of a pointer's members in the schema, token by token: a member's place among its object's `properties`
 * (others after them), an element's index. A missing member is so reported where the schema lists it.
 */
function memberRanks(root: OpenApiObject, components: Components): (pointer: string) => number[] {
  return (pointer) => {
    const ranks: number[] = [];
    let schema: OpenApiObject | undefined = root;
    for (const token of pointer === ROOT_POINTER ? [] : pointer.slice(ROOT_POINTER.length + 1).split('/')) {
      schema = resolved(schema, components);
      const key = tokenOf(token);
      const properties = propertiesOf(schema);
      const names = Object.keys(properties);
      if (names.includes(key)) {
        ranks.push(names.indexOf(key));
        schema = properties[key];
      } else if (/^\d+$/.test(key) && typeof schema?.['items'] === 'object') {
        ranks.push(Number(key));
        schema = schema['items'] as OpenApiObject;
      } else {
        ranks.push(names.length);
        const others = schema?.['additionalProperties'];
        schema = typeof others === 'object' && others !== null ? (others as OpenApiObject) : undefined;
      }
    }
    return ranks;
  };
}

function tokenOf(token: string): string {
  try {
    return unescapePointerToken(decodeURIComponent(token));
  } catch {
    return unescapePointerToken(token);
  }
}

/** Problems in the order of the schema's members, a member before its parts; the same place keeps the found order. */
function inMemberOrder(errors: ProblemFieldError[], rankOf: (pointer: string) => number[]): ProblemFieldError[] {
  const ranked = errors.map((error) => ({ error, ranks: rankOf(error.pointer) }));
  ranked.sort((a, b) => {
    for (let index = 0; index < Math.min(a.ranks.length, b.ranks.length); index++) {
      if (a.ranks[index] !== b.ranks[index]) return a.ranks[index] - b.ranks[index];
    }
    return a.ranks.length - b.ranks.length;
  });
  return ranked.map(({ error }) => error);
}
