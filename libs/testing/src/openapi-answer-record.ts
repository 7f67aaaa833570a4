/**
 * What the answer watch ({@link watchAnswersAgainstOpenApi}) saw in this test file: the answers still to check, the
 * answers that break the service's OpenAPI document, and every documented (method, path, status) answered, by role.
 * Kept on the test file's global (jest gives each file its own), so the jest setup file that fails tests on a violation
 * (tools/testing/openapi-answers-setup.ts) reads the same record as the services that fill it, whatever module
 * instances there are. No imports: the setup file loads this alone.
 */
export interface OpenApiAnswerRecord {
  /** Answers seen but not checked yet: checking waits until the test is over, so it never slows an answer down. */
  pending: Array<() => void>;
  /** One line per answer that is undocumented or does not validate, not yet reported. */
  violations: string[];
  /** `METHOD /document/path STATUS` of every answer on a documented operation, by the service's role. */
  seen: Map<string, Set<string>>;
}

const KEY = Symbol.for('maco.openApiAnswerRecord');

export function openApiAnswerRecord(): OpenApiAnswerRecord {
  const holder = globalThis as { [KEY]?: OpenApiAnswerRecord };
  return (holder[KEY] ??= { pending: [], violations: [], seen: new Map() });
}

/** Checks the answers seen so far. */
export function checkPendingOpenApiAnswers(): OpenApiAnswerRecord {
  const record = openApiAnswerRecord();
  for (const check of record.pending.splice(0, record.pending.length)) check();
  return record;
}

/** The violations of the answers seen so far, which are then cleared: each is reported once. */
export function takeOpenApiViolations(): string[] {
  const record = checkPendingOpenApiAnswers();
  return record.violations.splice(0, record.violations.length);
}

/** The error a test fails with when answers broke the document. */
export function openApiViolationError(violations: readonly string[]): Error {
  return new Error(
    `${violations.length} answer(s) do not agree with the service's OpenAPI document (fix the service or the group's OpenAPI part):\n` +
      violations.map((violation) => `  - ${violation}`).join('\n'),
  );
}
