import { diffLines } from 'diff';
import { prettyJson } from './pretty-json';

/** One side of a row: its 1-based line number in that side's text and the line. */
export interface DiffCell {
  line: number;
  text: string;
}

/**
 * One row of a side-by-side view. `same`: the line is on both sides; `removed`: only left; `added`: only right;
 * `changed`: a removed line paired with an added one at the same place.
 */
export interface DiffRow {
  kind: 'same' | 'removed' | 'added' | 'changed';
  left?: DiffCell;
  right?: DiffCell;
}

export interface BodyDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

function splitLines(value: string): string[] {
  if (value === '') return [];
  const lines = value.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The line diff of two bodies, pretty-printed with sorted keys (so key order never shows as a change), as rows of a
 * side-by-side view: a run of removed lines followed by a run of added ones is paired row by row.
 */
export function diffBodies(left: unknown, right: unknown): BodyDiff {
  const leftText = prettyJson(left);
  const rightText = prettyJson(right);
  const parts = diffLines(leftText === '' ? '' : leftText + '\n', rightText === '' ? '' : rightText + '\n');
  const rows: DiffRow[] = [];
  let leftLine = 0;
  let rightLine = 0;
  let added = 0;
  let removed = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index];
    const lines = splitLines(part.value);
    if (part.removed) {
      const next = parts[index + 1];
      const addedLines = next?.added ? splitLines(next.value) : [];
      if (next?.added) index++;
      removed += lines.length;
      added += addedLines.length;
      for (let row = 0; row < Math.max(lines.length, addedLines.length); row++) {
        const l = row < lines.length ? { line: ++leftLine, text: lines[row] } : undefined;
        const r = row < addedLines.length ? { line: ++rightLine, text: addedLines[row] } : undefined;
        rows.push({
          kind: l && r ? 'changed' : l ? 'removed' : 'added',
          ...(l ? { left: l } : {}),
          ...(r ? { right: r } : {}),
        });
      }
    } else if (part.added) {
      added += lines.length;
      for (const text of lines) rows.push({ kind: 'added', right: { line: ++rightLine, text } });
    } else {
      for (const text of lines)
        rows.push({ kind: 'same', left: { line: ++leftLine, text }, right: { line: ++rightLine, text } });
    }
  }
  return { rows, added, removed };
}
