import type { ReleaseConditions } from '../evaluation/requirement';
import type { ConditionEntry, Decider, UndecidableEntry } from './condition-context';
import { CONDITIONS_1_120, UNDECIDABLE_1_120 } from './requirement-conditions-1-120';
import { CONDITIONS_121_300, UNDECIDABLE_121_300 } from './requirement-conditions-121-300';
import { CONDITIONS_301_499, UNDECIDABLE_301_499 } from './requirement-conditions-301-499';
import { normaliseText, valueConditionFor, type ValueCondition } from './value-conditions';

/** The requirement conditions ([1]–[499]) of UTILMD Strom the booked data can decide, by key. */
export const CONDITION_CATALOGUE: ReadonlyMap<number, ConditionEntry> = byKey([
  ...CONDITIONS_1_120,
  ...CONDITIONS_121_300,
  ...CONDITIONS_301_499,
]);

/** The requirement conditions the data cannot decide, each with the reason. */
export const UNDECIDABLE_CONDITIONS: ReadonlyMap<number, UndecidableEntry> = byKey([
  ...UNDECIDABLE_1_120,
  ...UNDECIDABLE_121_300,
  ...UNDECIDABLE_301_499,
]);

function byKey<T extends { key: number }>(entries: readonly T[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const entry of entries) {
    if (map.has(entry.key)) throw new Error(`condition [${entry.key}] is in the catalogue twice`);
    map.set(entry.key, entry);
  }
  return map;
}

/**
 * The catalogue as seen by one release: an entry decides only where the release's AHB gives its key the text the
 * entry was written for (numbers are reused with other meanings across format versions).
 */
export function releaseConditions(releaseTexts: Readonly<Record<string, string>>): ReleaseConditions {
  const deciders = new Map<number, Decider>();
  for (const [key, entry] of CONDITION_CATALOGUE) {
    const text = releaseTexts[String(key)];
    if (text !== undefined && normaliseText(text) === normaliseText(entry.text)) deciders.set(key, entry.decide);
  }
  const values = new Map<number | string, ValueCondition | undefined>();
  return {
    decider: (key) => deciders.get(key),
    valueCondition: (key) => {
      if (!values.has(key)) values.set(key, valueConditionFor(key, releaseTexts[String(key)]));
      return values.get(key);
    },
  };
}
