#!/usr/bin/env node
// Writes realistic master data for the import (`npm run import`) and its measurement, with constant memory:
//   node tools/read-model/generate-objects.js --count 1000000 [--format ndjson|json] [--shape stammdaten|array]
//     [--seed 1] --out FILE
// The objects come in "supply points" (Anlagen) of six: MARKTLOKATION, MESSLOKATION, ZAEHLER, ENERGIELIEFERVERTRAG,
// NETZNUTZUNGSVERTRAG (VERTRAG with vertragsart) and BILANZIERUNG, or for some a NETZLOKATION or TRANCHE in the last
// place. Sizes and fields follow the sample bodies' stammdaten (reference/samples, synth/): about 100 B to 1.3 KB
// an object. Ids have valid formats and are unique per kind in a file: MaLo-ID 11 digits with the BDEW check digit,
// MeLo-ID "DE" + 31 characters, NeLo-ID "E" + 9 characters + check digit, contract numbers. Validity dates, addresses
// and names vary. The same --seed and --count give the same file (byte for byte), in any format: `.ndjson` (one BO
// a line, supply point by supply point), `.json` as `{"stammdaten": {"KIND": [ … ]}}` (kind by kind) or, with
// --shape array, a bare array of BOs (supply point by supply point). Every object is made from its supply point's
// number and the seed alone, so nothing is kept in memory between objects.
'use strict';
const { createWriteStream } = require('node:fs');
const { parseArgs } = require('node:util');
const { LAST_NAMES } = require('../fixtures/word-lists');

/**
 * @typedef {Record<string, unknown>} Bo
 * @typedef {'MARKTLOKATION' | 'MESSLOKATION' | 'ZAEHLER' | 'ENERGIELIEFERVERTRAG' | 'NETZNUTZUNGSVERTRAG' | 'BILANZIERUNG' | 'NETZLOKATION' | 'TRANCHE'} Kind
 */

/** The kinds of the six places of a supply point; the last place may hold a NETZLOKATION or TRANCHE instead. */
const PLACES = /** @type {const} */ ([
  'MARKTLOKATION',
  'MESSLOKATION',
  'ZAEHLER',
  'ENERGIELIEFERVERTRAG',
  'NETZNUTZUNGSVERTRAG',
  'BILANZIERUNG',
]);
/** @type {Kind[]} */
const KINDS = [...PLACES, 'NETZLOKATION', 'TRANCHE'];
const FLUSH_CHARS = 1 << 20;

const STREETS = [
  'Hauptstraße',
  'Schulstraße',
  'Gartenstraße',
  'Bahnhofstraße',
  'Dorfstraße',
  'Bergstraße',
  'Birkenweg',
  'Lindenstraße',
  'Kirchstraße',
  'Waldstraße',
  'Reinhardtstraße',
  'Am Mühlbach',
  'Ringstraße',
  'Schillerstraße',
  'Goethestraße',
];
const PLACES_OF = [
  ['10115', 'Berlin'],
  ['12117', 'Berlin'],
  ['20095', 'Hamburg'],
  ['80331', 'München'],
  ['50667', 'Köln'],
  ['60311', 'Frankfurt am Main'],
  ['70173', 'Stuttgart'],
  ['40213', 'Düsseldorf'],
  ['44135', 'Dortmund'],
  ['45127', 'Essen'],
  ['04109', 'Leipzig'],
  ['28195', 'Bremen'],
  ['01067', 'Dresden'],
  ['30159', 'Hannover'],
  ['90402', 'Nürnberg'],
  ['47051', 'Duisburg'],
  ['44787', 'Bochum'],
  ['42103', 'Wuppertal'],
  ['33602', 'Bielefeld'],
  ['53111', 'Bonn'],
  ['99084', 'Erfurt'],
];
/** The most frequent surnames. */
const SURNAMES = LAST_NAMES.slice(0, 18);
const FIRST_NAMES = [
  'Max',
  'Anna',
  'Michael',
  'Julia',
  'Thomas',
  'Sabine',
  'Andreas',
  'Katrin',
  'Stefan',
  'Laura',
  'Jürgen',
  'Petra',
  'Lukas',
  'Monika',
  'Felix',
  'Ursula',
];
const TITLES = ['Herr', 'Frau', 'Dr.', 'Prof.Dr.', 'Firma'];
const COMPANIES = [
  'Bäckerei',
  'Autohaus',
  'Hausverwaltung',
  'Metallbau',
  'Gärtnerei',
  'Zahnarztpraxis',
  'Wohnungsbau eG',
  'Kita',
];
const PROFILES = ['H0', 'H25', 'G0', 'G1', 'G25', 'L0', 'H00', 'P25'];

/**
 * mulberry32: a small deterministic PRNG.
 * @param {number} seed
 */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** @param {number} n */
    int: (n) => Math.floor(next() * n),
    /** @param {number} p */
    chance: (p) => next() < p,
    /** @template T @param {readonly T[]} list @returns {T} */
    pick: (list) => list[Math.floor(next() * list.length)],
    /** @param {number} count */
    digits: (count) => {
      let text = '';
      for (let i = 0; i < count; i++) text += Math.floor(next() * 10);
      return text;
    },
  };
}
/** @typedef {ReturnType<typeof prng>} Random */

/**
 * The seed of one supply point's generator.
 * @param {number} seed
 * @param {number} point
 * @param {number} place
 */
function mix(seed, point, place) {
  let h =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(point + 1, 0xc2b2ae35) ^ Math.imul(place + 7, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/**
 * A MaLo-ID: 10 digits and the BDEW check digit (odd places once, even places twice, to the next multiple of ten).
 * @param {string} tenDigits
 */
function withMaloCheckDigit(tenDigits) {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(tenDigits[i]) * (i % 2 === 0 ? 1 : 2);
  return `${tenDigits}${(10 - (sum % 10)) % 10}`;
}

/** @param {number} value @param {number} width */
const pad = (value, width) => String(value).padStart(width, '0');

/**
 * The ids of supply point `point`: unique per point (the point's number is in each), the seed picks the range.
 * @param {number} seed
 * @param {number} point
 */
function idsOf(seed, point) {
  const base = (seed % 40) * 100_000_000 + point; // < 4e9: 10 digits with the leading 5
  const malo = withMaloCheckDigit(`5${pad(base, 9).slice(-9)}`);
  const network = pad(9_900_000_000 + (mix(seed, 0, 0) % 99_999) * 10, 11);
  return {
    malo,
    melo: `DE${network}${pad(point, 20)}`,
    nelo: `E${pad(base, 9).slice(-9)}${point % 10}`,
    tranche: withMaloCheckDigit(`6${pad(base, 9).slice(-9)}`),
    zaehler: `1ESY${pad(base, 10)}`,
    supply: `LV-${pad(seed % 1000, 3)}-${pad(point, 9)}`,
    network: `NN-${pad(seed % 1000, 3)}-${pad(point, 9)}`,
  };
}

/**
 * The kind of the last place of a supply point: mostly BILANZIERUNG, some NETZLOKATION or TRANCHE.
 * @param {number} seed
 * @param {number} point
 * @returns {Kind}
 */
function lastKind(seed, point) {
  const roll = mix(seed, point, 99) % 100;
  return roll < 8 ? 'NETZLOKATION' : roll < 12 ? 'TRANCHE' : 'BILANZIERUNG';
}

/**
 * The kind of an object by its place.
 * @param {number} seed
 * @param {number} index the object's number in the file (supply point × 6 + place)
 * @returns {Kind}
 */
function kindAt(seed, index) {
  const place = index % PLACES.length;
  return place === PLACES.length - 1 ? lastKind(seed, Math.floor(index / PLACES.length)) : PLACES[place];
}

/**
 * An ISO date at midnight German time, `years` years around 2020.
 * @param {Random} random
 * @param {number} fromYear
 * @param {number} years
 */
function date(random, fromYear, years) {
  const day = new Date(Date.UTC(fromYear, 0, 1) + random.int(years * 365) * 86_400_000);
  day.setUTCHours(random.chance(0.5) ? 22 : 23);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().replace('.000Z', 'Z');
}

/** @param {Random} random */
function address(random) {
  const [postleitzahl, ort] = random.pick(PLACES_OF);
  /** @type {Record<string, string>} */
  const result = {
    postleitzahl,
    ort,
    strasse: random.pick(STREETS),
    hausnummer: `${1 + random.int(180)}${random.chance(0.1) ? random.pick(['a', 'b', 'c']) : ''}`,
    landescode: 'DE',
  };
  if (random.chance(0.1)) result['adresszusatz'] = random.pick(['Hinterhaus', 'Ausbau', 'Keller', '2. OG links']);
  return result;
}

/**
 * @param {Random} random
 * @param {string} role GESCHAEFTSPARTNER role
 */
function partner(random, role) {
  const company = random.chance(0.15);
  /** @type {Bo} */
  const result = {
    boTyp: 'GESCHAEFTSPARTNER',
    versionStruktur: '1',
    anrede: company ? 'Firma' : random.pick(TITLES.slice(0, 4)),
    name1: company ? `${random.pick(COMPANIES)} ${random.pick(SURNAMES)}` : random.pick(SURNAMES),
    gewerbekennzeichnung: company,
    geschaeftspartnerrolle: [role],
  };
  if (!company) result['name2'] = random.pick(FIRST_NAMES);
  if (random.chance(0.6)) result['partneradresse'] = address(random);
  if (random.chance(0.3))
    result['externeReferenzen'] = [
      { exRefName: 'Kundennummer beim Altlieferanten', exRefWert: `V${random.digits(9)}` },
    ];
  return result;
}

/**
 * `gueltigkeitszeitraum` for about half the objects: from a date in 2015–2025, a fifth of them ended.
 * @param {Random} random
 * @param {Bo} object
 */
function validity(random, object) {
  if (!random.chance(0.5)) return object;
  /** @type {Record<string, string>} */
  const period = { startdatum: date(random, 2015, 10) };
  if (random.chance(0.2)) period['enddatum'] = date(random, 2026, 4);
  object['gueltigkeitszeitraum'] = period;
  return object;
}

/**
 * One object: made from the seed, the supply point and the kind alone.
 * @param {number} seed
 * @param {number} point
 * @param {Kind} kind
 * @returns {Bo}
 */
function objectOf(seed, point, kind) {
  const random = prng(mix(seed, point, KINDS.indexOf(kind)));
  const ids = idsOf(seed, point);
  const sparte = mix(seed, point, 50) % 5 === 0 ? 'GAS' : 'STROM';
  switch (kind) {
    case 'MARKTLOKATION': {
      /** @type {Bo} */
      const malo = {
        boTyp: 'MARKTLOKATION',
        versionStruktur: '1',
        marktlokationsId: ids.malo,
        sparte,
        energierichtung: random.chance(0.95) ? 'AUSSP' : 'EINSP',
      };
      if (random.chance(0.8)) malo['lokationsadresse'] = address(random);
      if (random.chance(0.5)) malo['bilanzierungsmethode'] = random.pick(['SLP', 'RLM', 'TLP_GEMEINSAM']);
      if (random.chance(0.4)) malo['netzebene'] = random.pick(['NSP', 'MSP', 'MSP_NSP_UMSP']);
      if (random.chance(0.3)) malo['verbrauchsart'] = random.pick(['KL', 'W', 'WS']);
      if (random.chance(0.25))
        malo['katasterinformation'] = {
          gemarkung_flur: random.pick(PLACES_OF)[1],
          flurstueck: String(1 + random.int(999)),
          flurstueckNummer: String(1 + random.int(9999)),
        };
      if (random.chance(0.2)) {
        malo['geokoordinaten'] = {
          breitengrad: (47 + random.next() * 8).toFixed(4),
          laengengrad: (6 + random.next() * 9).toFixed(4),
        };
      }
      if (random.chance(0.5))
        malo['zugehoerigeMesslokationen'] = [{ messlokationsId: ids.melo, arithmetik: 'ADDITION' }];
      if (random.chance(0.2)) malo['endkunde'] = partner(random, 'KUNDE');
      return validity(random, malo);
    }
    case 'MESSLOKATION': {
      /** @type {Bo} */
      const melo = {
        boTyp: 'MESSLOKATION',
        versionStruktur: '1',
        messlokationsId: ids.melo,
        sparte,
        referenzMarktlokationsId: ids.malo,
      };
      if (random.chance(0.5)) melo['netzebeneMessung'] = random.pick(['NSP', 'MSP']);
      if (random.chance(0.4)) melo['messadresse'] = address(random);
      if (random.chance(0.3)) melo['ablesekartenempfaenger'] = partner(random, 'ABLESEKARTENEMPFAENGER');
      if (random.chance(0.4))
        melo['geraete'] = [
          {
            geraetenummer: ids.zaehler,
            geraetetyp: random.pick(['WECHSELSTROMZAEHLER', 'DREHSTROMZAEHLER', 'BALGENGASZAEHLER']),
          },
        ];
      return validity(random, melo);
    }
    case 'ZAEHLER': {
      /** @type {Bo} */
      const meter = {
        boTyp: 'ZAEHLER',
        versionStruktur: '1',
        zaehlernummer: ids.zaehler,
        sparte,
        messlokationsId: ids.melo,
        marktlokationsId: ids.malo,
      };
      if (random.chance(0.7))
        meter['zaehlerauspraegung'] = random.pick(['EINRICHTUNGSZAEHLER', 'ZWEIRICHTUNGSZAEHLER']);
      if (random.chance(0.7))
        meter['zaehlertyp'] =
          sparte === 'GAS'
            ? 'BALGENGASZAEHLER'
            : random.pick(['DREHSTROMZAEHLER', 'MODERNE_MESSEINRICHTUNG', 'INTELLIGENTES_MESSYSTEM']);
      if (random.chance(0.6)) {
        meter['zaehlwerke'] = Array.from({ length: 1 + random.int(2) }, (_, i) => ({
          zaehlwerkId: `${i + 1}`,
          bezeichnung: i === 0 ? 'HT' : 'NT',
          richtung: 'AUSSP',
          obisKennzahl: i === 0 ? '1-1:1.8.1' : '1-1:1.8.2',
          wandlerfaktor: 1,
          einheit: 'KWH',
        }));
      }
      if (random.chance(0.3)) meter['eichungBis'] = date(random, 2026, 8);
      return validity(random, meter);
    }
    case 'ENERGIELIEFERVERTRAG':
    case 'NETZNUTZUNGSVERTRAG': {
      const supply = kind === 'ENERGIELIEFERVERTRAG';
      /** @type {Bo} */
      const contract = {
        boTyp: 'VERTRAG',
        versionStruktur: '1',
        vertragsart: kind,
        vertragsnummer: supply ? ids.supply : ids.network,
        sparte,
        lokationsId: ids.malo,
        lokationsTyp: 'MALO',
        vertragsbeginn: date(random, 2015, 11),
      };
      if (random.chance(0.15)) contract['vertragsende'] = date(random, 2026, 4);
      if (supply) {
        contract['vertragspartner2'] = [partner(random, 'KUNDE')];
        if (random.chance(0.4)) contract['korrespondenzpartner'] = partner(random, 'KORRESPONDENZPARTNER');
        if (random.chance(0.5))
          contract['enFG'] = [
            { grundlageVerringerungUmlagen: random.pick(['KEINE_ANGABE', 'KUNDE_ERFUELLT_VORAUSSETZUNG']) },
          ];
      } else {
        contract['gemeinderabatt'] = random.chance(0.9) ? 0 : random.int(10);
        contract['vertragskonditionen'] = {
          haushaltskunde: random.chance(0.8),
          netznutzungsvertrag: 'LIEFERANTEN_NB',
          netznutzungszahler: 'LIEFERANT',
        };
      }
      return contract;
    }
    case 'BILANZIERUNG': {
      /** @type {Bo} */
      const balancing = {
        boTyp: 'BILANZIERUNG',
        versionStruktur: '1',
        marktlokationsId: ids.malo,
        bilanzkreis: `11X${random.digits(8)}-${random.pick(['A', 'B', 'C', 'V'])}`,
        jahresverbrauchsprognose: { einheit: 'KWH', wert: 500 + random.int(20_000) },
        lastprofile: [
          {
            bezeichnung: random.pick(PROFILES),
            einspeisung: false,
            herausgeber: 'NB',
            profilart: 'ART_STANDARDLASTPROFIL',
            verfahren: random.pick(['SYNTHETISCH', 'ANALYTISCH']),
          },
        ],
        bilanzierungsbeginn: date(random, 2015, 11),
      };
      if (random.chance(0.3)) balancing['temperaturArbeit'] = { einheit: 'KWH', wert: random.int(5000) };
      return balancing;
    }
    case 'NETZLOKATION': {
      /** @type {Bo} */
      const nelo = {
        boTyp: 'NETZLOKATION',
        versionStruktur: '1',
        netzlokationsId: ids.nelo,
        sparte,
        netzanschlussleistung: { einheit: 'KW', wert: 10 + random.int(500) },
      };
      if (random.chance(0.7)) nelo['lokationsadresse'] = address(random);
      if (random.chance(0.5)) nelo['eigenschaftMSBLokation'] = random.pick(['NB', 'MSB']);
      if (random.chance(0.5)) nelo['grundzustaendigerMSBCodeNr'] = `99${random.digits(11)}`;
      return validity(random, nelo);
    }
    case 'TRANCHE':
      return validity(random, {
        boTyp: 'TRANCHE',
        versionStruktur: '1',
        tranchenId: ids.tranche,
        sparte,
        aufteilungsmenge: 10 + random.int(90),
      });
  }
}

/**
 * The writer: strings collected up to FLUSH_CHARS, then written with the stream's back pressure.
 * @param {string} out
 */
function writer(out) {
  const stream = createWriteStream(out);
  let pending = '';
  let bytes = 0;
  /** @param {string} text */
  const flushText = (text) =>
    new Promise((resolve, reject) => {
      const onError = (/** @type {Error} */ error) => reject(error);
      stream.once('error', onError);
      const ok = stream.write(text, () => undefined);
      const done = () => {
        stream.off('error', onError);
        resolve(undefined);
      };
      if (ok) done();
      else stream.once('drain', done);
    });
  return {
    /** @param {string} text */
    async write(text) {
      pending += text;
      bytes += Buffer.byteLength(text);
      if (pending.length >= FLUSH_CHARS) {
        const text_ = pending;
        pending = '';
        await flushText(text_);
      }
    },
    async close() {
      if (pending) await flushText(pending);
      pending = '';
      await new Promise((resolve, reject) =>
        stream.end((/** @type {Error | null | undefined} */ error) => (error ? reject(error) : resolve(undefined))),
      );
      return bytes;
    },
  };
}

/**
 * Writes `count` objects to `out`.
 * @param {{ count: number, seed: number, format: 'ndjson' | 'json', shape: 'stammdaten' | 'array', out: string }} options
 * @returns {Promise<{ objects: number, bytes: number }>}
 */
async function generate({ count, seed, format, shape, out }) {
  const file = writer(out);
  const at = (/** @type {number} */ index) => objectOf(seed, Math.floor(index / PLACES.length), kindAt(seed, index));
  if (format === 'ndjson') {
    for (let index = 0; index < count; index++) await file.write(`${JSON.stringify(at(index))}\n`);
  } else if (shape === 'array') {
    await file.write('[');
    for (let index = 0; index < count; index++) await file.write(`${index ? ',\n' : '\n'}${JSON.stringify(at(index))}`);
    await file.write('\n]\n');
  } else {
    // Kind by kind: one pass over the objects per kind (each object is made from its number, nothing is kept).
    await file.write('{"stammdaten":{');
    let firstKind = true;
    for (const kind of KINDS) {
      let first = true;
      for (let index = 0; index < count; index++) {
        if (kindAt(seed, index) !== kind) continue;
        if (first) await file.write(`${firstKind ? '' : '],'}\n${JSON.stringify(kind)}:[`);
        await file.write(
          `${first ? '\n' : ',\n'}${JSON.stringify(objectOf(seed, Math.floor(index / PLACES.length), kind))}`,
        );
        first = false;
        firstKind = false;
      }
    }
    await file.write(firstKind ? '}}\n' : ']\n}}\n');
  }
  return { objects: count, bytes: await file.close() };
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`generate-objects: ${message}\n`);
  process.exit(2);
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      format: { type: 'string' },
      shape: { type: 'string', default: 'stammdaten' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 0 || count > 100_000_000)
    fail('--count takes a whole number up to 100000000');
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) fail('--seed takes a whole number ≥ 0');
  if (!values.out) fail('--out FILE is required');
  const format = values.format ?? (values.out.toLowerCase().endsWith('.ndjson') ? 'ndjson' : 'json');
  if (format !== 'ndjson' && format !== 'json') fail('--format is ndjson or json');
  if (values.shape !== 'stammdaten' && values.shape !== 'array') fail('--shape is stammdaten or array');
  const started = Date.now();
  const { objects, bytes } = await generate({ count, seed, format, shape: values.shape, out: values.out });
  process.stderr.write(
    `wrote ${objects} objects, ${(bytes / 1024 / 1024).toFixed(1)} MiB to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`generate-objects: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

module.exports = { generate, objectOf, withMaloCheckDigit };
