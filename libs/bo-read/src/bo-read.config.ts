import { type ConfigVariable, defineGroupConfig } from '@maco/platform';

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

export const BO_READ_CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'READ_ANSWER_SHAPE',
    meaning:
      'the answer of the BO4E object reads ([api.md](api.md), "The reads"): `wrapped` `{"stammdaten": {"KIND": [ … ]}}`, ' +
      "`array` the bare list `[ … ]` (the vendor's older spec and most of its mock's answers). Not " +
      '`getAllocationAuthorization` (`{zusatzdaten, ermaechtigungVorhanden}`), `identifyLocation` (a list already), ' +
      '`getMaloidentMarketlocation` (several kinds in one answer) nor `POST /masterData`, which takes the wrapped ' +
      'shape. The objects are answered as stored, so nulls the middleware sent stay',
  },
];

/** An unknown shape refuses to start (a typo must not silently answer another shape). */
export const boReadConfig = defineGroupConfig(
  BO_READ_CONFIG,
  (read): BoReadConfig => ({ answerShape: read.choice('READ_ANSWER_SHAPE', READ_ANSWER_SHAPES, 'wrapped') }),
  BO_READ_CONFIG_VARIABLES,
);
