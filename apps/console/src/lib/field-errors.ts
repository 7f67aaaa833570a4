import type { ProblemFieldError } from '@maco/platform/api';
import { isExactNumber, stringifyExactJson } from './exact-json';
import { escapePointerToken } from './tree';

/** A field error of a problem answer (`errors[]` of `application/problem+json`). */
export type FieldError = ProblemFieldError;

/** The tokens of a JSON Pointer in string (`/a/b`) or URI fragment form (`#/a/b`, percent-encoded); `#` and '' are the root. */
export function parsePointer(pointer: string): string[] {
  let text = pointer;
  if (text.startsWith('#')) {
    try {
      text = decodeURIComponent(text.slice(1));
    } catch {
      text = text.slice(1);
    }
  }
  if (text === '') return [];
  return text
    .replace(/^\//, '')
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A pointer as a reader writes a field: `stammdaten.MARKTLOKATION[0].marktlokationsId`; `*` tokens as `[*]`; root `(body)`. */
export function pointerLabel(pointer: string): string {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return '(body)';
  return tokens.reduce(
    (label, token) => (/^(\d+|\*)$/.test(token) ? `${label}[${token}]` : label ? `${label}.${token}` : token),
    '',
  );
}

/** The line of the pretty-printed body a field starts on, and what the server said about fields at or below it. */
export interface AnnotatedLine {
  number: number;
  text: string;
  errors: (FieldError & { label: string; missing: boolean })[];
}

/**
 * The body pretty-printed (sorted keys, as everywhere in the console) with each field error placed at the line of its
 * field, or — for a field the body lacks, which is what "mandatory field missing" points at — at the line of the
 * closest member that is there (`missing: true`). An error on the body itself sits on the first line.
 */
export function annotateBody(body: unknown, errors: readonly FieldError[]): AnnotatedLine[] {
  const lines: AnnotatedLine[] = [];
  const lineOf = new Map<string, number>();
  const write = (text: string): number => {
    lines.push({ number: lines.length + 1, text, errors: [] });
    return lines.length;
  };
  const print = (value: unknown, path: string, indent: string, prefix: string, suffix: string): void => {
    if (Array.isArray(value) && value.length > 0) {
      lineOf.set(path, write(`${indent}${prefix}[`));
      value.forEach((element, index) =>
        print(element, `${path}/${index}`, `${indent}  `, '', index < value.length - 1 ? ',' : ''),
      );
      write(`${indent}]${suffix}`);
    } else if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !isExactNumber(value) &&
      Object.keys(value).length > 0
    ) {
      lineOf.set(path, write(`${indent}${prefix}{`));
      const keys = Object.keys(value).sort();
      keys.forEach((key, index) =>
        print(
          (value as Record<string, unknown>)[key],
          `${path}/${escapePointerToken(key)}`,
          `${indent}  `,
          `${JSON.stringify(key)}: `,
          index < keys.length - 1 ? ',' : '',
        ),
      );
      write(`${indent}}${suffix}`);
    } else {
      lineOf.set(path, write(`${indent}${prefix}${stringifyExactJson(value === undefined ? null : value)}${suffix}`));
    }
  };
  print(body, '', '', '', '');
  for (const error of errors) {
    const tokens = parsePointer(error.pointer);
    let depth = tokens.length;
    let line: number | undefined;
    while (line === undefined && depth >= 0) {
      line = lineOf.get(
        tokens
          .slice(0, depth)
          .map((token) => `/${escapePointerToken(token)}`)
          .join(''),
      );
      if (line === undefined) depth--;
    }
    lines[(line ?? 1) - 1].errors.push({
      ...error,
      label: pointerLabel(error.pointer),
      missing: depth < tokens.length,
    });
  }
  return lines;
}

/** The errors grouped by pointer, in the order the server gave them: the list beside the body. */
export function groupFieldErrors(
  errors: readonly FieldError[],
): { pointer: string; label: string; messages: string[] }[] {
  const groups = new Map<string, { pointer: string; label: string; messages: string[] }>();
  for (const error of errors) {
    const group = groups.get(error.pointer) ?? {
      pointer: error.pointer,
      label: pointerLabel(error.pointer),
      messages: [],
    };
    group.messages.push(error.message);
    groups.set(error.pointer, group);
  }
  return [...groups.values()];
}

/** Reads the `errors` of a problem answer, keeping only well-formed entries. */
export function fieldErrorsOf(problem: unknown): FieldError[] {
  const errors = (problem as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (error): error is FieldError =>
      typeof error === 'object' &&
      error !== null &&
      typeof error.pointer === 'string' &&
      typeof error.message === 'string',
  );
}
