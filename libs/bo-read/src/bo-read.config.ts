import { defineGroupConfig } from '@maco/platform';

/**
 * The shapes a BO4E read of `READ_ROUTES` can answer in: `wrapped` `{"stammdaten": {"KIND": [ … ]}}` (the vendor's
 * current examples), `array` the bare list `[ … ]` (its older spec and most of its mock's per-id answers).
 */
export const READ_ANSWER_SHAPES = ['wrapped', 'array'] as const;
export type ReadAnswerShape = (typeof READ_ANSWER_SHAPES)[number];

/** The group's own settings, read at start-up with platform's (`BO_READ_CONFIG`). */
export interface BoReadConfig {
  /** `READ_ANSWER_SHAPE` (default `wrapped`): what the middleware of this deployment expects. */
  answerShape: ReadAnswerShape;
}

export const BO_READ_CONFIG = Symbol('BO_READ_CONFIG');

/** An unknown shape refuses to start (a typo must not silently answer another shape). */
export const boReadConfig = defineGroupConfig(BO_READ_CONFIG, (read): BoReadConfig => ({
  answerShape: read.choice('READ_ANSWER_SHAPE', READ_ANSWER_SHAPES, 'wrapped'),
}));
