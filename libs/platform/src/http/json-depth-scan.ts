import { appendPointer, ROOT_POINTER } from '@maco/domain';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * The pointer of the first container of a JSON text nested deeper than `maxDepth`, found by one pass over the text
 * without parsing it; undefined when none is (or the text is no JSON: the parser says so then). V8's JSON.parse
 * needs seconds for a 16 MB body of nested brackets, all of them spent before the depth limit could be checked on
 * the parsed value; this pass stops at the first bracket too many.
 */
export function tooDeepAt(text: string, maxDepth: number): string | undefined {
  // Per open container: the member name (object) or index (array) the scan is at.
  const positions: (string | number)[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const start = index;
      index++;
      while (index < length) {
        const inner = text.charCodeAt(index);
        if (inner === BACKSLASH) index += 2;
        else if (inner === QUOTE) break;
        else index++;
      }
      index++;
      const top = positions.length - 1;
      if (top >= 0 && typeof positions[top] === 'string' && nextIsColon(text, index))
        positions[top] = memberName(text.slice(start, index));
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (positions.length === maxDepth) return pointerOf(positions);
      positions.push(code === OPEN_OBJECT ? '' : 0);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      positions.pop();
    } else if (code === COMMA) {
      const top = positions.length - 1;
      if (top >= 0 && typeof positions[top] === 'number') positions[top] = (positions[top] as number) + 1;
    }
    index++;
  }
  return undefined;
}

function nextIsColon(text: string, from: number): boolean {
  let index = from;
  while (index < text.length && text.charCodeAt(index) <= 0x20) index++;
  return text.charCodeAt(index) === COLON;
}

/** The member name a quoted JSON string stands for (escapes resolved); the raw text when it is no valid string. */
function memberName(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

function pointerOf(positions: readonly (string | number)[]): string {
  return positions.reduce<string>((pointer, position) => appendPointer(pointer, String(position)), ROOT_POINTER);
}
