import { ConfigurationError } from '@maco/platform';

/**
 * The shapes a BO4E read of `READ_ROUTES` can answer in: `wrapped` `{"stammdaten": {"KIND": [ … ]}}` (the vendor's
 * current examples), `array` the bare list `[ … ]` (its older spec and most of its mock's per-id answers).
 */
export const READ_ANSWER_SHAPES = ['wrapped', 'array'] as const;
export type ReadAnswerShape = (typeof READ_ANSWER_SHAPES)[number];

/** The group's own settings, read from the environment once at start-up (`BO_READ_CONFIG`). */
export interface BoReadConfig {
  /** `READ_ANSWER_SHAPE` (default `wrapped`): what the middleware of this deployment expects. */
  answerShape: ReadAnswerShape;
}

export const BO_READ_CONFIG = Symbol('BO_READ_CONFIG');

/** Reads the settings; an unknown shape refuses to start (a typo must not silently answer another shape). */
export function loadBoReadConfig(env: Record<string, string | undefined> = process.env): BoReadConfig {
  const raw = env['READ_ANSWER_SHAPE']?.trim();
  if (!raw) return { answerShape: 'wrapped' };
  if (!(READ_ANSWER_SHAPES as readonly string[]).includes(raw)) {
    throw new ConfigurationError([`READ_ANSWER_SHAPE must be one of ${READ_ANSWER_SHAPES.join(', ')} (got "${raw}")`]);
  }
  return { answerShape: raw as ReadAnswerShape };
}
