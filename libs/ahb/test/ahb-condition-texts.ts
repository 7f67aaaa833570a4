import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_DIR } from '@maco/reference-samples';
import RULES_FV2510 from '../src/data/ahb-rules-FV2510.json';
import RULES_FV2604 from '../src/data/ahb-rules-FV2604.json';

/** Whitespace runs as one space: how the condition specs compare a catalogue text with the tables'. */
export const normaliseWhitespace = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The PIs of a message type in either format version's rules (`message` of each rule). */
export function messagePis(message: string): Set<string> {
  const rules = [RULES_FV2510, RULES_FV2604].flatMap(
    (data) => (data as { rules: { pruefidentifikator: string; message?: string }[] }).rules,
  );
  return new Set(rules.filter((rule) => rule.message === message).map((rule) => rule.pruefidentifikator));
}

/**
 * The texts each condition key is given by the `[n] text` lines (`lines[].conditions`) of the AHB tables of the format
 * versions: every table, or those of `pis`; keys from `maxKey` on (hints, formats) left out when it is given.
 */
export function ahbConditionTexts(
  formatVersions: readonly string[],
  pis?: ReadonlySet<string>,
  maxKey = Number.POSITIVE_INFINITY,
): Map<number, Set<string>> {
  const texts = new Map<number, Set<string>>();
  for (const formatVersion of formatVersions) {
    const directory = path.join(REFERENCE_DIR, 'ahb', formatVersion);
    const files = pis
      ? [...pis].map((pi) => `AHB_${formatVersion}_${pi}.json`).filter((file) => existsSync(path.join(directory, file)))
      : readdirSync(directory).filter((name) => /^AHB_FV\d{4}_\d{5}\.json$/.test(name));
    for (const file of files) {
      const table = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as {
        lines: { conditions?: string }[];
      };
      for (const line of table.lines) {
        for (const condition of (line.conditions ?? '').split('\n')) {
          const match = /^\[(\d+)\]\s*(.*)$/.exec(condition);
          if (!match || Number(match[1]) >= maxKey) continue;
          const key = Number(match[1]);
          if (!texts.has(key)) texts.set(key, new Set());
          texts.get(key)?.add(normaliseWhitespace(match[2]));
        }
      }
    }
  }
  return texts;
}
