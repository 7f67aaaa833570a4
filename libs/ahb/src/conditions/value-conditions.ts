import type { ConditionContext, Decision } from './condition-context';

/**
 * Conditions on a field's own value: format conditions ([9xx]), the time condition [UB1] and the requirement-numbered
 * conditions that in effect constrain a date ([87], [88], [131], [132], [134], [135], [401], [494]). Each decides a present value as valid (true), invalid
 * (false) or undecided. Identifier formats ([950] MaLo-ID, [951] Zählpunktbezeichnung, [960] NeLo-ID, [922] TR-ID,
 * [961] SR-ID) are decided by the identifier checks and reported as `invalid-identifier`; they are named here so that
 * strict mode knows where they bind.
 */
export interface ValueCondition {
  /** `[931]`, `[UB1]`: as the AHB writes it. */
  readonly label: string;
  readonly text: string;
  readonly check: (value: unknown, context: ConditionContext) => Decision;
}

/** Format conditions decided by an identifier check, and the `invalid-identifier` checks that fail them. */
export const IDENTIFIER_FORMATS: ReadonlyMap<number, readonly string[]> = new Map([
  [950, ['malo-format', 'malo-check-digit']],
  [951, ['melo-format']],
  [960, ['nelo-format', 'nelo-check-digit']],
  [922, ['tr-format', 'tr-check-digit']],
  [961, ['sr-format', 'sr-check-digit']],
]);

const HOUR = 3_600_000;

/** ISO date-time with an explicit offset (`Z`, `+00:00`, `+0000`, `+00`); other strings are not judged. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)$/;

interface Instant {
  readonly time: number;
  readonly offset: string;
}

/** The last string read and its instant: a date field's conditions ([931] and [494] on DTM+137) read it one after the other. */
let lastText: string | undefined;
let lastInstant: Instant | undefined;

function instantOf(value: unknown): Instant | undefined {
  if (typeof value !== 'string') return undefined;
  if (value !== lastText) {
    lastInstant = parseInstant(value);
    lastText = value;
  }
  return lastInstant;
}

function parseInstant(value: string): Instant | undefined {
  const match = ISO_WITH_OFFSET.exec(value);
  if (!match) return undefined;
  const time = Date.parse(value.length === match[0].length && /[+-]\d{2}$/.test(value) ? `${value}:00` : value);
  return Number.isNaN(time) ? undefined : { time, offset: match[1] };
}

/** Start of the last Sunday of a month at 01:00 UTC: when German summer time begins (March) or ends (October). */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
  return Date.UTC(year, month, sunday, 1);
}

/** The instant in German civil time (CET/CEST), as a UTC-based Date whose UTC fields read as German wall time. */
export function germanWallTime(time: number): Date {
  const year = new Date(time).getUTCFullYear();
  const summer = time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * HOUR);
}

function isGermanMidnight(time: number): boolean {
  const wall = germanWallTime(time);
  return (
    wall.getUTCHours() === 0 &&
    wall.getUTCMinutes() === 0 &&
    wall.getUTCSeconds() === 0 &&
    wall.getUTCMilliseconds() === 0
  );
}

function isUtcOffset(offset: string): boolean {
  return offset === 'Z' || /^[+-]00(:?00)?$/.test(offset);
}

/** Clock skew a sender may have before a message date counts as lying in the future. */
const CLOCK_SKEW = 15 * 60_000;

/** Midnight German time starting the German day after `time`, as an instant. */
function nextGermanMidnight(time: number): number {
  const wall = germanWallTime(time);
  const nextDay = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1);
  // Wall-clock midnight back to an instant: try both offsets, keep the one that reads as midnight.
  for (const offset of [2 * HOUR, HOUR]) {
    const candidate = nextDay - offset;
    if (isGermanMidnight(candidate)) return candidate;
  }
  return nextDay - HOUR;
}

function field(object: unknown, key: string): unknown {
  return typeof object === 'object' && object !== null && !Array.isArray(object)
    ? (object as Record<string, unknown>)[key]
    : undefined;
}

function messageDate(context: ConditionContext): number | undefined {
  const value = field(field(context.body, 'transaktionsdaten'), 'nachrichtendatum');
  return instantOf(value)?.time;
}

/** `zeitraumId` as the number it is, whether sent as 1 or "1". */
function periodId(object: unknown): number | undefined {
  const value = field(object, 'zeitraumId');
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) ? id : undefined;
}

/** SG6 RFF qualifiers of a Verwendungszeitraum's data quality, as codes and as BO4E enum names. */
const QUALITY_GROUPS = {
  expected: ['Z48', 'Z55', 'ERWARTETE_DATEN', 'KEINE_DATEN_ERWARTET'],
  inSystem: ['Z47', 'Z54', 'IM_SYSTEM_VORHANDENE_DATEN', 'IM_SYSTEM_KEINE_DATEN_VORHANDEN'],
  valid: ['Z49', 'Z53', 'GUELTIGE_DATEN', 'KEINE_DATEN'],
} as const;

/**
 * [134]/[135]/[401]: the start of a period other than number 1 of its quality group equals the end of the group's
 * period with the next lower number (periods follow each other without gaps).
 */
function continuesPreviousPeriod(group: readonly string[]): ValueCondition['check'] {
  return (value, context) => {
    const period = context.scope?.object;
    const quality = field(period, 'datenqualitaet');
    const id = periodId(period);
    const start = instantOf(value);
    if (typeof quality !== 'string' || !group.includes(quality) || id === undefined || !start) return undefined;
    if (id === 1) return true;
    const periods = field(field(context.body, 'stammdaten'), context.scope?.key ?? '');
    let previous: unknown;
    let previousId = 0;
    for (const candidate of Array.isArray(periods) ? periods : []) {
      const candidateId = periodId(candidate);
      const candidateQuality = field(candidate, 'datenqualitaet');
      if (candidateId === undefined || candidateId >= id || candidateId <= previousId) continue;
      if (typeof candidateQuality !== 'string' || !group.includes(candidateQuality)) continue;
      previous = candidate;
      previousId = candidateId;
    }
    const end = instantOf(field(previous, 'verwendungBis'));
    return end ? end.time === start.time : undefined;
  };
}

/** [131]/[132]: the first period starts at the latest (or exactly) at midnight German time after the message date. */
function firstPeriodStart(exactly: boolean): ValueCondition['check'] {
  return (value, context) => {
    const id = periodId(context.scope?.object);
    const start = instantOf(value);
    const sent = messageDate(context);
    if (id === undefined || !start || sent === undefined) return undefined;
    if (id !== 1) return true;
    const limit = nextGermanMidnight(sent);
    return exactly ? start.time === limit : start.time <= limit;
  };
}

/** A JSON number, or a string holding a plain decimal number (the middleware is not consistent); else undefined. */
function decimalOf(value: unknown): { number: number; decimals: number } | undefined {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return undefined;
  return { number: Number(text), decimals: text.split('.')[1]?.length ?? 0 };
}

function numeric(key: number, text: string, test: (decimal: { number: number; decimals: number }) => boolean) {
  return {
    key,
    label: `[${key}]`,
    text,
    check: (value: unknown) => {
      const decimal = decimalOf(value);
      return decimal ? test(decimal) : undefined;
    },
  };
}

/** Artikel-ID formats: `n1-n2-n1-n3` = one digit, two digits, one digit, three digits, dash-separated. */
function pattern(key: number, text: string, shape: RegExp) {
  return {
    key,
    label: `[${key}]`,
    text,
    check: (value: unknown) => (typeof value === 'string' ? shape.test(value) : undefined),
  };
}

const CONDITIONS: readonly (ValueCondition & { key: number | string })[] = [
  numeric(902, 'Format: Möglicher Wert: ≥ 0', ({ number }) => number >= 0),
  numeric(914, 'Format: Möglicher Wert: > 0', ({ number }) => number > 0),
  numeric(926, 'Format: Möglicher Wert: 0', ({ number }) => number === 0),
  numeric(930, 'Format: max. 2 Nachkommastellen', ({ decimals }) => decimals <= 2),
  numeric(937, 'Format: keine Nachkommastelle', ({ decimals }) => decimals === 0),
  numeric(938, 'Format: Möglicher Wert: <= 10', ({ number }) => number <= 10),
  numeric(946, 'Format: max. 11 Nachkommastellen', ({ decimals }) => decimals <= 11),
  numeric(955, 'Format: Möglicher Wert: < 100', ({ number }) => number < 100),
  pattern(942, 'Format: n1-n2-n1-n3', /^\d-\d{2}-\d-\d{3}$/),
  pattern(943, 'Format: n1-n2-n1', /^\d-\d{2}-\d$/),
  pattern(948, 'Format: n1-n2-n1-n8-n2', /^\d-\d{2}-\d-\d{8}-\d{2}$/),
  pattern(957, 'Format: n1-n2-n1-n8', /^\d-\d{2}-\d-\d{8}$/),
  {
    key: 939,
    label: '[939]',
    text: 'Format: Die Zeichenkette muss die Zeichen @ und . enthalten',
    check: (value) => (typeof value === 'string' ? value.includes('@') && value.includes('.') : undefined),
  },
  {
    key: 940,
    label: '[940]',
    text: 'Format: Die Zeichenkette muss mit dem Zeichen + beginnen und danach dürfen nur noch Ziffern folgen',
    check: (value) => (typeof value === 'string' ? /^\+\d+$/.test(value) : undefined),
  },
  {
    key: 931,
    label: '[931]',
    text: 'Format: ZZZ = +00',
    check: (value) => {
      const instant = instantOf(value);
      return instant ? isUtcOffset(instant.offset) : undefined;
    },
  },
  {
    key: 'UB1',
    label: '[UB1]',
    text: '([931] ∧ [932] [490]) ⊻ ([931] ∧ [933] [491])',
    // 2200 UTC in summer time, 2300 UTC in winter time: midnight German time, written in UTC.
    check: (value) => {
      const instant = instantOf(value);
      return instant ? isUtcOffset(instant.offset) && isGermanMidnight(instant.time) : undefined;
    },
  },
  {
    key: 87,
    label: '[87]',
    text: 'Es ist ein Monatserster 0 Uhr (gem. deutscher Zeit) anzugeben',
    check: (value) => {
      const instant = instantOf(value);
      return instant ? isGermanMidnight(instant.time) && germanWallTime(instant.time).getUTCDate() === 1 : undefined;
    },
  },
  {
    key: 88,
    label: '[88]',
    text: 'Wert muss identisch mit DE2380 aus dem SG4 DTM+157 (Änderung zum) sein',
    // DTM+157 is transaktionsdaten.gueltigAb (the vendor's x-edifact-segment SG4.IDE+24.DTM+157).
    check: (value, context) => {
      const own = instantOf(value);
      const changeFrom = instantOf(field(field(context.body, 'transaktionsdaten'), 'gueltigAb'));
      return own && changeFrom ? own.time === changeFrom.time : undefined;
    },
  },
  {
    key: 131,
    label: '[131]',
    text:
      'Wenn dieses DTM+Z25 (Verwendung der Daten ab) im SG6 RFF (Verwendungszeitraum der Daten) mit der Zeitraum ID "1" im DE1156 ' +
      'gekennzeichnet ist, muss das Datum in diesem DE2380 der direkt auf DTM+137 DE2380 (Nachrichtendatum) folgende Tag 0:00 Uhr ' +
      'oder ein älterer Tag als dieser 0:00 Uhr deutscher Zeit sein',
    check: firstPeriodStart(false),
  },
  {
    key: 132,
    label: '[132]',
    text:
      'Wenn dieses DTM+Z25 (Verwendung der Daten ab) im SG6 RFF (Verwendungszeitraum der Daten) mit der Zeitraum ID "1" im DE1156 ' +
      'gekennzeichnet ist, muss das Datum in diesem DE2380 der direkt auf DTM+137 DE2380 (Nachrichtendatum) folgende Tag 0:00 Uhr ' +
      'deutscher Zeit sein',
    check: firstPeriodStart(true),
  },
  {
    key: 134,
    label: '[134]',
    text:
      'Wenn dieses DTM+Z25 (Verwendung der Daten ab) nicht im SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ ' +
      'Keine Daten erwartet) mit der Zeitraum ID "1" im DE1156 ist, muss das Datum dem DTM+Z26 (Verwendung der Daten bis) des ' +
      'SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ Keine Daten erwartet) mit der nächst niedrigeren ' +
      'Zeitraum ID im DE1156 entsprechen',
    check: continuesPreviousPeriod(QUALITY_GROUPS.expected),
  },
  {
    key: 135,
    label: '[135]',
    text:
      'Wenn dieses DTM+Z25 (Verwendung der Daten ab) nicht im SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System ' +
      'vorhandene Daten/ Im System keine Daten vorhanden) mit der Zeitraum ID "1" im DE1156 ist, muss das Datum dem DTM+Z26 ' +
      '(Verwendung der Daten bis) des SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System vorhandene Daten/ Im System ' +
      'keine Daten vorhanden) mit der nächst niedrigeren Zeitraum ID im DE1156 entsprechen',
    check: continuesPreviousPeriod(QUALITY_GROUPS.inSystem),
  },
  {
    key: 401,
    label: '[401]',
    text:
      'Wenn dieses DTM+Z25 (Verwendung der Daten ab) nicht im SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ ' +
      'Keine Daten) mit der Zeitraum ID "1" im DE1156 ist, muss das Datum dem DTM+Z26 (Verwendung der Daten bis) des SG6 ' +
      'RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ Keine Daten) mit der nächst niedrigeren Zeitraum ID im ' +
      'DE1156 entsprechen',
    check: continuesPreviousPeriod(QUALITY_GROUPS.valid),
  },
  {
    key: 494,
    label: '[494]',
    text: 'Das hier genannte Datum muss der Zeitpunkt sein, zu dem das Dokument erstellt wurde, oder ein Zeitpunkt, der davor liegt',
    // The document was created before it reached us: a date later than the receipt (plus clock skew) is wrong.
    check: (value, context) => {
      const instant = instantOf(value);
      return instant && context.receivedAt !== undefined ? instant.time <= context.receivedAt + CLOCK_SKEW : undefined;
    },
  },
];

const BY_KEY = new Map<number | string, ValueCondition>(CONDITIONS.map(({ key, ...condition }) => [key, condition]));

/**
 * The value condition of a key (`931`, `'UB1'`) if the catalogue decides it, guarded by the release's text of the
 * condition like the requirement conditions.
 */
export function valueConditionFor(key: number | string, releaseText: string | undefined): ValueCondition | undefined {
  const condition = BY_KEY.get(key);
  if (!condition || releaseText === undefined) return undefined;
  return normaliseText(releaseText) === normaliseText(condition.text) ? condition : undefined;
}

/**
 * Requirement-numbered conditions whose text only says what the value must be ("Nur MP-ID aus Sparte Strom", "Es ist
 * die Zeitraum-ID … einzutragen"): they never make a data element optional, so they are neutral for its requirement
 * although the data cannot check them. One reviewed list of text patterns, applied to every message type.
 */
const VALUE_CONSTRAINT_TEXTS: readonly RegExp[] = [
  /^(Nur MP-ID|MP-ID nur) aus Sparte (Strom|Gas)$/,
  /^MP-ID (nur )?mit (der )?Rolle [A-ZÄÖÜ]+$/,
  /^Es (ist|sind) .*(einzutragen|anzugeben)( .*)?$/,
  /^Es sind ausschließlich /,
  /^Es (ist|sind) nur .* (möglich|erlaubt)\b/,
  /^Wenn [^,]+ vorhanden, dann sind nur .* möglich\.?$/,
  /^Der Zeitpunkt muss [<>≤≥=] /,
];

/** Whether a condition's text (of the release or PI) only constrains the value of the element it sits on. */
export function isValueConstraintText(text: string | undefined): boolean {
  if (text === undefined) return false;
  const normalised = normaliseText(text);
  return VALUE_CONSTRAINT_TEXTS.some((pattern) => pattern.test(normalised));
}

/** The keys this module decides (for the coverage report). */
export const VALUE_CONDITION_KEYS: readonly (number | string)[] = CONDITIONS.map(({ key }) => key);

/** Whitespace runs as one space, and without a closing full stop (MSCONS, ORDERS, IFTSTA end [494] with one, UTILMD not). */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
}
