import type { ReleaseConditions } from '../evaluation/requirement';
import type { ConditionEntry, Decider, UndecidableEntry } from './condition-context';
import { IFTSTA_CONDITIONS, IFTSTA_UNDECIDABLE } from './iftsta/iftsta-conditions';
import { INVOIC_REMADV_CONDITIONS, INVOIC_REMADV_UNDECIDABLE } from './invoic-remadv/invoic-remadv-conditions';
import { MSCONS_CONDITIONS, MSCONS_UNDECIDABLE } from './mscons/mscons-conditions';
import { ORDERS_ORDCHG_CONDITIONS, ORDERS_ORDCHG_UNDECIDABLE } from './orders/orders-conditions';
import { ORDRSP_CONDITIONS, ORDRSP_UNDECIDABLE } from './ordrsp/ordrsp-conditions';
import { UTILMD_GAS_CONDITIONS, UTILMD_GAS_UNDECIDABLE } from './utilmd-gas/utilmd-gas-conditions';
import { CONDITIONS_1_120, UNDECIDABLE_1_120 } from './utilmd-strom/requirement-conditions-1-120';
import { CONDITIONS_121_300, UNDECIDABLE_121_300 } from './utilmd-strom/requirement-conditions-121-300';
import { CONDITIONS_301_499, UNDECIDABLE_301_499 } from './utilmd-strom/requirement-conditions-301-499';
import { isValueConstraintText, normaliseText, type ValueCondition, valueConditionFor } from './value-conditions';

/**
 * The requirement conditions ([1]–[499]) the booked data can decide, by key. A key has one entry per text: every
 * message type numbers its conditions from [1] (UTILMD's [32] is not MSCONS' [32]), and the text picks the entry.
 */
export const CONDITION_CATALOGUE: ReadonlyMap<number, readonly ConditionEntry[]> = byKey([
  ...CONDITIONS_1_120,
  ...CONDITIONS_121_300,
  ...CONDITIONS_301_499,
  ...ORDRSP_CONDITIONS,
  ...INVOIC_REMADV_CONDITIONS,
  ...IFTSTA_CONDITIONS,
  ...MSCONS_CONDITIONS,
  ...ORDERS_ORDCHG_CONDITIONS,
  ...UTILMD_GAS_CONDITIONS,
]);

/** The requirement conditions the data cannot decide, each with the reason (one per key and text). */
export const UNDECIDABLE_CONDITIONS: ReadonlyMap<number, readonly UndecidableEntry[]> = byKey([
  ...UNDECIDABLE_1_120,
  ...UNDECIDABLE_121_300,
  ...UNDECIDABLE_301_499,
  ...ORDRSP_UNDECIDABLE,
  ...INVOIC_REMADV_UNDECIDABLE,
  ...IFTSTA_UNDECIDABLE,
  ...MSCONS_UNDECIDABLE,
  ...ORDERS_ORDCHG_UNDECIDABLE,
  ...UTILMD_GAS_UNDECIDABLE,
]);

/**
 * Entries by key. A key and text several message types share (the COM and Sparte conditions) is one condition: the
 * first list that names it decides it, later ones are left out.
 */
function byKey<T extends { key: number; text: string }>(entries: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const entry of entries) {
    const same = map.get(entry.key) ?? [];
    if (!same.some((other) => normaliseText(other.text) === normaliseText(entry.text)))
      map.set(entry.key, [...same, entry]);
  }
  return map;
}

/** The entry of `key` written for `text` (whitespace aside), if any. */
export function entryFor<T extends { text: string }>(
  entries: ReadonlyMap<number, readonly T[]>,
  key: number,
  text: string | undefined,
): T | undefined {
  if (text === undefined) return undefined;
  const normalised = normaliseText(text);
  return entries.get(key)?.find((entry) => normaliseText(entry.text) === normalised);
}

/**
 * The catalogue as seen by one release: an entry decides only where the release's AHB gives its key the text the
 * entry was written for (numbers are reused with other meanings across format versions).
 */
export function releaseConditions(releaseTexts: Readonly<Record<string, string>>): ReleaseConditions {
  const deciders = new Map<number, Decider>();
  for (const key of CONDITION_CATALOGUE.keys()) {
    const entry = entryFor(CONDITION_CATALOGUE, key, releaseTexts[String(key)]);
    if (entry) deciders.set(key, entry.decide);
  }
  const values = new Map<number | string, ValueCondition | undefined>();
  const valueCondition = (key: number | string) => {
    if (!values.has(key)) values.set(key, valueConditionFor(key, releaseTexts[String(key)]));
    return values.get(key);
  };
  return {
    decider: (key) => deciders.get(key),
    valueCondition,
    constrainsValue: (key) => valueCondition(key) !== undefined || isValueConstraintText(releaseTexts[String(key)]),
  };
}
