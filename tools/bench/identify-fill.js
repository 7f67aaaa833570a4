#!/usr/bin/env node
// Fills the read model (`business_object`) of a migrated NB database with N market locations for the MaLo
// identification benchmark: realistic addresses, customers (namesakes), customer numbers, a MeLo and a meter per MaLo,
// the identification keys made by the service's own rules (`locationsOf(…, { identification: true })`).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<migrated db> node tools/bench/identify-fill.js --sites 1000000
// Used by `npm run bench -- --identify N --app nb` (tools/bench/run.js); see tools/bench/README.md.
'use strict';
const { fillWithIndexesRebuilt } = require('./bulk-fill');
const { createHash } = require('node:crypto');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
/** Bump when the generated data changes (a kept database is filled again). */
const GENERATOR_VERSION = 2;
/** Every PREVIOUS_EVERY-th MaLo has a former customer: a version 2019–2024 and the current one from 2024 on. */
const PREVIOUS_EVERY = 8;
const VERSION_SWITCH = '2024-01-01T00:00:00Z';
const SITES_PER_BATCH = 4000;
const POSTCODES = 3000;
const STREETS_PER_POSTCODE = 12;
const OWN_GRID_AREAS = ['10001', '10002', '10003', '10004'];

const TOWNS = [
  'Berlin',
  'Hamburg',
  'München',
  'Köln',
  'Frankfurt am Main',
  'Stuttgart',
  'Düsseldorf',
  'Leipzig',
  'Dortmund',
  'Essen',
  'Bremen',
  'Dresden',
  'Hannover',
  'Nürnberg',
  'Duisburg',
  'Bochum',
  'Wuppertal',
  'Bielefeld',
  'Bonn',
  'Münster',
  'Mannheim',
  'Karlsruhe',
  'Augsburg',
  'Wiesbaden',
  'Mönchengladbach',
  'Gelsenkirchen',
  'Aachen',
  'Braunschweig',
  'Kiel',
  'Chemnitz',
  'Halle (Saale)',
  'Magdeburg',
  'Freiburg im Breisgau',
  'Krefeld',
  'Mainz',
  'Lübeck',
  'Erfurt',
  'Oberhausen',
  'Rostock',
  'Kassel',
  'Hagen',
  'Potsdam',
  'Saarbrücken',
  'Hamm',
  'Ludwigshafen am Rhein',
  'Oldenburg',
  'Mülheim an der Ruhr',
  'Osnabrück',
  'Leverkusen',
  'Darmstadt',
  'Heidelberg',
  'Solingen',
  'Regensburg',
  'Herne',
  'Paderborn',
  'Neuss',
  'Ingolstadt',
  'Offenbach am Main',
  'Fürth',
  'Ulm',
  'Heilbronn',
  'Pforzheim',
  'Würzburg',
  'Wolfsburg',
  'Göttingen',
  'Bottrop',
  'Reutlingen',
  'Erlangen',
  'Bremerhaven',
  'Koblenz',
  'Bergisch Gladbach',
  'Remscheid',
  'Trier',
  'Recklinghausen',
  'Jena',
  'Moers',
  'Salzgitter',
  'Siegen',
  'Gütersloh',
  'Hildesheim',
  'Hanau',
  'Kaiserslautern',
  'Cottbus',
  'Witten',
  'Schwerin',
  'Esslingen am Neckar',
  'Ludwigsburg',
  'Gera',
  'Iserlohn',
];
/** Street stems; a street is a stem with one of the endings (the "-straße" ones are written variously in requests). */
const STREET_STEMS = [
  'Haupt',
  'Bahnhof',
  'Schul',
  'Garten',
  'Dorf',
  'Berg',
  'Kirch',
  'Wald',
  'Ring',
  'Linden',
  'Birken',
  'Eichen',
  'Buchen',
  'Ahorn',
  'Rosen',
  'Tulpen',
  'Nelken',
  'Mühlen',
  'Wiesen',
  'Feld',
  'Goethe',
  'Schiller',
  'Lessing',
  'Heine',
  'Mozart',
  'Beethoven',
  'Bach',
  'Kant',
  'Luther',
  'Friedrich',
  'Wilhelm',
  'Kaiser',
  'König',
  'Markt',
  'Post',
  'Schloss',
  'Burg',
  'Park',
  'See',
  'Sonnen',
  'Blumen',
  'Industrie',
  'Gewerbe',
  'Friedhof',
  'Kloster',
  'Brunnen',
  'Mittel',
  'Neue',
  'Alte',
  'Ost',
  'West',
  'Süd',
  'Nord',
  'Fasanen',
  'Amsel',
  'Drossel',
  'Lerchen',
  'Finken',
  'Tannen',
  'Kastanien',
  'Erlen',
  'Weiden',
  'Pappel',
  'Ulmen',
  'Kiefern',
  'Rathaus',
  'Hafen',
  'Brücken',
  'Mühlweg',
  'Turm',
  'Anger',
  'Hof',
  'Jahn',
  'Humboldt',
  'Bismarck',
  'Moltke',
  'Uhland',
  'Herder',
  'Fontane',
  'Eichendorff',
  'Stein',
  'Hardenberg',
  'Frankfurter',
  'Berliner',
  'Hamburger',
  'Münchener',
  'Kölner',
  'Dresdner',
  'Leipziger',
  'Bremer',
  'Hannoversche',
  'Wilhelm-Busch',
  'Max-Planck',
  'Albert-Schweitzer',
  'Robert-Koch',
  'Konrad-Adenauer',
  'Theodor-Heuss',
  'Willy-Brandt',
];
const STREET_ENDINGS = ['straße', 'straße', 'straße', 'straße', 'weg', 'allee', 'ring', 'platz', 'gasse'];
/** Surnames by frequency (Zipf weights: the first ones give many namesakes). */
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Schmitz',
  'Krause',
  'Meier',
  'Lehmann',
  'Schmid',
  'Schulze',
  'Maier',
  'Köhler',
  'Herrmann',
  'König',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Möller',
  'Weiß',
  'Jung',
  'Hahn',
  'Schubert',
  'Vogel',
  'Friedrich',
  'Keller',
  'Günther',
  'Frank',
  'Berger',
  'Winkler',
  'Roth',
  'Beck',
  'Lorenz',
  'Baumann',
  'Franke',
  'Albrecht',
  'Schuster',
  'Simon',
  'Ludwig',
  'Böhm',
  'Winter',
  'Kraus',
  'Martin',
  'Schumacher',
  'Krämer',
  'Vogt',
  'Stein',
  'Jäger',
  'Otto',
  'Sommer',
  'Groß',
  'Seidel',
  'Heinrich',
  'Brandt',
  'Haas',
  'Schreiber',
  'Graf',
  'Schulte',
  'Dietrich',
  'Ziegler',
  'Kuhn',
  'Kühn',
  'Pohl',
  'Engel',
  'Horn',
  'Busch',
  'Bergmann',
  'Thomas',
  'Voigt',
  'Sauer',
  'Arnold',
  'Wolff',
  'Pfeiffer',
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Nguyen',
  'Popescu',
  'Öztürk',
  'Aydın',
  'Hansen',
  'Jansen',
  'Petersen',
  'Schütz',
  'Ernst',
  'Kramer',
  'Hess',
  'Lindner',
  'Brinkmann',
  'Barth',
  'Thiel',
  'Kolb',
  'Dörr',
  'Wendt',
  'Marx',
  'Busse',
  'Behrens',
  'Mohr',
  'Kurz',
  'Adam',
  'Moser',
  'Kaufmann',
  'Hoppe',
  'Böttcher',
  'Gebhardt',
  'Ritter',
  'Reuter',
  'Ulrich',
  'Wilhelm',
  'Fiedler',
  'Bock',
  'Körner',
  'Beyer',
  'Weiss',
  'Graf von Stein',
  'Sander',
  'Pietsch',
  'Kunz',
  'Nagel',
  'Hein',
  'Hübner',
  'Ackermann',
  'Heinz',
  'Rieger',
];
const FIRST_NAMES = [
  'Thomas',
  'Michael',
  'Andreas',
  'Stefan',
  'Peter',
  'Christian',
  'Frank',
  'Markus',
  'Klaus',
  'Jürgen',
  'Sabine',
  'Petra',
  'Andrea',
  'Claudia',
  'Monika',
  'Susanne',
  'Birgit',
  'Gabriele',
  'Karin',
  'Ursula',
  'Anna',
  'Lukas',
  'Marie',
  'Felix',
  'Sophie',
  'Jonas',
  'Emma',
  'Paul',
  'Mia',
  'Leon',
  'Hannah',
  'Finn',
  'Lea',
  'Ben',
  'Lena',
  'Elias',
  'Laura',
  'Noah',
  'Julia',
  'Luis',
  'Sarah',
  'Maximilian',
  'Katharina',
  'Alexander',
  'Lisa',
  'Daniel',
  'Nicole',
  'Tobias',
  'Melanie',
  'Sebastian',
  'Stefanie',
  'Florian',
  'Christina',
  'Jan',
  'Sandra',
  'Tim',
  'Tom',
  'Anja',
  'Matthias',
  'Martina',
  'Wolfgang',
  'Renate',
  'Helmut',
  'Ingrid',
  'Gerhard',
  'Helga',
  'Dieter',
  'Brigitte',
  'Manfred',
  'Erika',
  'Hans',
  'Ayşe',
  'Mehmet',
  'Fatma',
  'Mustafa',
  'Emine',
  'Ali',
  'Zeynep',
  'Piotr',
  'Katarzyna',
  'Olga',
  'Dmitri',
  'Minh',
  'Ioana',
  'Björn',
  'Jörg',
  'Günter',
  'Hans-Peter',
  'Karl-Heinz',
  'Anne-Marie',
  'Jean',
  'Luca',
  'Elena',
  'Marco',
  'Giulia',
  'Ole',
  'Malte',
  'Frauke',
  'Wiebke',
  'Till',
];
/** Synthetic surnames (stem + ending, e.g. "Holzmeier", "Steinbrink"): the long tail of real surnames. */
const SURNAME_STEMS = [
  'Brand',
  'Holz',
  'Eck',
  'Stein',
  'Wald',
  'Ober',
  'Unter',
  'Kirch',
  'Berg',
  'Hoch',
  'Lind',
  'Rein',
  'Wein',
  'Schön',
  'Kreuz',
  'Gold',
  'Silber',
  'Eisen',
  'Rosen',
  'Blum',
  'Lehn',
  'Hirsch',
  'Bär',
  'Adler',
  'Falk',
  'Kranz',
  'Hage',
  'Diek',
  'Linde',
  'Esch',
  'Brock',
  'Tiede',
  'Witt',
  'Mehl',
  'Korn',
  'Stroh',
  'Grün',
  'Roth',
  'Weiß',
  'Kling',
];
const SURNAME_ENDINGS = [
  'mann',
  'meier',
  'meyer',
  'müller',
  'huber',
  'bauer',
  'berger',
  'hardt',
  'ner',
  'ler',
  'hof',
  'feld',
  'kamp',
  'rath',
  'brink',
  'haus',
  'horst',
  'bach',
  'beck',
  'reiter',
  'schmidt',
  'kötter',
  'lage',
  'wig',
  'inger',
];
const TRADES = [
  'Bäckerei',
  'Metzgerei',
  'Autohaus',
  'Friseursalon',
  'Zahnarztpraxis',
  'Elektro',
  'Sanitär',
  'Gasthaus',
  'Apotheke',
  'Blumen',
  'Schreinerei',
  'Steuerbüro',
];
const LEGAL_FORMS = ['GmbH', 'GmbH & Co. KG', 'e.K.', 'OHG', 'UG (haftungsbeschränkt)', 'KG', 'GbR'];

/**
 * The part of the projection rules (libs/read-model, built) this generator uses.
 * @typedef {{
 *   BUSINESS_OBJECT_RULES: Record<string, object>,
 *   ownId: (rule: object, object: Record<string, unknown>) => string | undefined,
 *   validityOf: (rule: object, object: Record<string, unknown>) => [string | null, string | null],
 *   locationsOf: (rule: object, object: Record<string, unknown>, id: string, linked: never[], options?: { identification?: boolean }) => string[],
 * }} Rules
 * @typedef {{ name1: string, name2?: string, company: boolean, customerNumber?: string }} Customer
 * @typedef {{ postcode: string, town: string, street: string, houseNumber: string }} Address
 * @typedef {{ g: number, malo: string, melo: string, meter: string, address: Address, customer: Customer, previous?: Customer,
 *   gridArea: string, direction: string }} Site
 * @typedef {{ kind: string, object_id: string, locations: string[], body: Record<string, unknown>, valid_from: string | null, valid_to: string | null }} Row
 * @typedef {{ sites: number, objects: number, malos: number, generatorHash: string, fillMs: number, reused: boolean, tableMB: number,
 *   avgBodyBytes: number, addressKeys: number, avgSitesPerAddressKey: number, maxSitesPerNameKey: number, keysPerMalo: number }} IdentifyFillResult
 */

/** A 32-bit hash of (g, salt) (murmur3 finaliser): the same site gives the same data in the fill and in the requests. */
function hash(/** @type {number} */ g, /** @type {number} */ salt) {
  let h = Math.imul(g ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h + salt, 0x27d4eb2f) >>> 0;
  h ^= h >>> 15;
  return h >>> 0;
}
/** A fraction in [0, 1) of (g, salt). */
const fraction = (/** @type {number} */ g, /** @type {number} */ salt) => hash(g, salt) / 4294967296;

/**
 * Cumulative Zipf weights for a list: picks by a fraction with binary search.
 * @param {number} size
 * @param {number} exponent
 */
function zipf(size, exponent) {
  const weights = Array.from({ length: size }, (_, rank) => 1 / (rank + 1) ** exponent);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  const cumulative = weights.map((weight) => (running += weight / total));
  return (/** @type {number} */ u) => {
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (/** @type {number} */ (cumulative[middle]) > u) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}
// Real name frequencies are flat at the top (Müller ≈ 0.3 %, Thomas ≈ 1.5 % of men): 15 % of the surnames from the
// list (Zipf 0.5: Müller ≈ 0.65 %), the rest from the 1000 synthetic ones; first names Zipf 0.3 (Thomas ≈ 2.8 %).
// At 1 M MaLos the most common name key ("mueller thomas") has about 200 holders.
const COMMON_SURNAME_SHARE = 0.15;
const pickLast = zipf(LAST_NAMES.length, 0.5);
const pickFirst = zipf(FIRST_NAMES.length, 0.3);
/**
 * @param {number} g
 * @param {number} salt
 */
const surnameOf = (g, salt) => {
  const u = fraction(g, 10 + salt);
  if (u < COMMON_SURNAME_SHARE) return at(LAST_NAMES, pickLast(u / COMMON_SURNAME_SHARE));
  const synthetic = hash(g, 16 + salt);
  return `${at(SURNAME_STEMS, synthetic)}${at(SURNAME_ENDINGS, Math.floor(synthetic / SURNAME_STEMS.length))}`;
};
/**
 * @template T
 * @param {readonly T[]} list
 * @param {number} index
 * @returns {T}
 */
const at = (list, index) => /** @type {T} */ (list[index % list.length]);

/** The ids of site g (1-based), in the same formats as real ones (MaLo 11 digits, MeLo DE + 31, meter number). */
const ids = {
  malo: (/** @type {number} */ g) => `6${String(g).padStart(9, '0')}${g % 10}`,
  melo: (/** @type {number} */ g) => `DE0002${String(g).padStart(27, '0')}`,
  meter: (/** @type {number} */ g) => `1EMH${String(g).padStart(10, '0')}`,
  customerNumber: (/** @type {number} */ g) => `V${String((g * 7919) % 1_000_000_000).padStart(9, '0')}`,
};

/** Postcode p (0..POSTCODES-1): five digits, spread over the country, with its town. */
const postcodeOf = (/** @type {number} */ p) => ({
  postcode: String(1067 + ((p * 32749) % 98000)).padStart(5, '0'),
  town: at(TOWNS, (p * 7) % 89),
});
/** The k-th street of postcode p as stored (canonical spelling). */
const streetOf = (/** @type {number} */ p, /** @type {number} */ k) => {
  const stem = at(STREET_STEMS, hash(p, 100 + k));
  const ending = at(STREET_ENDINGS, hash(p, 200 + k));
  return stem.includes('-') ? `${stem}-${ending[0]?.toUpperCase()}${ending.slice(1)}` : `${stem}${ending}`;
};

/**
 * A customer of site g (salt 0: the current one, salt 1: the former one): a person (surname, first name; namesakes:
 * "Müller, Thomas" about 200 times at 1 M) or, one in 16, a company; three in four have a customer number.
 * @param {number} g
 * @param {number} salt
 * @returns {Customer}
 */
function customerOf(g, salt) {
  const last = surnameOf(g, salt);
  const customerNumber = fraction(g, 12 + salt) < 0.75 ? ids.customerNumber(g * 2 + salt) : undefined;
  if (fraction(g, 13 + salt) < 1 / 16) {
    const name1 = `${at(TRADES, hash(g, 14 + salt))} ${last} ${at(LEGAL_FORMS, hash(g, 15 + salt))}`;
    return { name1, company: true, ...(customerNumber ? { customerNumber } : {}) };
  }
  return {
    name1: last,
    name2: at(FIRST_NAMES, pickFirst(fraction(g, 11 + salt))),
    company: false,
    ...(customerNumber ? { customerNumber } : {}),
  };
}

/**
 * Site g: its ids, address (one of POSTCODES postcodes, one of its streets, house numbers mostly low, one in eight with
 * a suffix "a"–"c" written "12a" or "12 a"), customer, a former customer for every PREVIOUS_EVERY-th.
 * @param {number} g
 * @returns {Site}
 */
function siteOf(g) {
  const p = hash(g, 1) % POSTCODES;
  const { postcode, town } = postcodeOf(p);
  const number = 1 + Math.floor(fraction(g, 3) ** 1.6 * 140);
  const suffix = fraction(g, 4) < 0.125 ? at(['a', 'b', 'c'], hash(g, 5)) : '';
  const houseNumber = suffix ? (hash(g, 6) % 2 === 0 ? `${number}${suffix}` : `${number} ${suffix}`) : String(number);
  return {
    g,
    malo: ids.malo(g),
    melo: ids.melo(g),
    meter: ids.meter(g),
    address: { postcode, town, street: streetOf(p, hash(g, 2) % STREETS_PER_POSTCODE), houseNumber },
    customer: customerOf(g, 0),
    ...(g % PREVIOUS_EVERY === 0 ? { previous: customerOf(g, 1) } : {}),
    gridArea: at(OWN_GRID_AREAS, hash(g, 7)),
    direction: fraction(g, 8) < 0.04 ? 'EINSP' : 'AUSSP',
  };
}

/** @param {Customer} customer */
const endkundeOf = (customer) => ({
  boTyp: 'GESCHAEFTSPARTNER',
  versionStruktur: '1',
  anrede: customer.company ? 'FIRMA' : 'HERR',
  name1: customer.name1,
  ...(customer.name2 ? { name2: customer.name2 } : {}),
  gewerbekennzeichnung: customer.company,
  ...(customer.customerNumber
    ? { externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: customer.customerNumber }] }
    : {}),
});

/**
 * The objects of a site as the master-data import receives them: the MaLo (one or two versions), its MeLo and meter.
 * @param {Site} site
 * @returns {[string, Record<string, unknown>][]} kind and object
 */
function objectsOf(site) {
  const malo = (/** @type {Customer} */ customer, /** @type {Record<string, string>} */ validity) => ({
    boTyp: 'MARKTLOKATION',
    versionStruktur: '1',
    marktlokationsId: site.malo,
    sparte: 'STROM',
    energierichtung: site.direction,
    bilanzierungsmethode: 'SLP',
    netzebene: 'NSP',
    netzgebietNr: site.gridArea,
    verbrauchsart: 'KL',
    lokationsadresse: {
      landescode: 'DE',
      postleitzahl: site.address.postcode,
      ort: site.address.town,
      strasse: site.address.street,
      hausnummer: site.address.houseNumber,
    },
    endkunde: endkundeOf(customer),
    marktrollen: [
      {
        boTyp: 'MARKTTEILNEHMER',
        marktrolle: 'NB',
        rollencodenummer: '9900936000002',
        zuordnungVon: '2020-01-01T00:00:00Z',
      },
    ],
    zugehoerigeMesslokationen: [{ messlokationsId: site.melo }],
    gueltigkeitszeitraum: validity,
  });
  /** @type {[string, Record<string, unknown>][]} */
  const objects = site.previous
    ? [
        ['MARKTLOKATION', malo(site.previous, { startdatum: '2019-01-01T00:00:00Z', enddatum: VERSION_SWITCH })],
        ['MARKTLOKATION', malo(site.customer, { startdatum: VERSION_SWITCH })],
      ]
    : [['MARKTLOKATION', malo(site.customer, { startdatum: '2020-01-01T00:00:00Z' })]];
  objects.push(
    [
      'MESSLOKATION',
      {
        boTyp: 'MESSLOKATION',
        versionStruktur: '1',
        messlokationsId: site.melo,
        referenzMarktlokationsId: site.malo,
        sparte: 'STROM',
        netzebeneMessung: 'NSP',
        gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
      },
    ],
    [
      'ZAEHLER',
      {
        boTyp: 'ZAEHLER',
        versionStruktur: '1',
        zaehlernummer: site.meter,
        messlokationsId: site.melo,
        marktlokationsId: site.malo,
        sparte: 'STROM',
        zaehlerauspraegung: 'EINRICHTUNGSZAEHLER',
        zaehlertyp: 'DREHSTROMZAEHLER',
        tarifart: 'EINTARIF',
        gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
      },
    ],
  );
  return objects;
}

/**
 * The rows of a site, described by the service's own rules with the identification keys (the NB projection).
 * @param {Rules} rules
 * @param {Site} site
 * @returns {Row[]}
 */
function rowsOf(rules, site) {
  return objectsOf(site).map(([kind, object]) => {
    const rule = rules.BUSINESS_OBJECT_RULES[kind];
    if (!rule) throw new Error(`no rule for ${kind}`);
    const id = rules.ownId(rule, object);
    if (!id) throw new Error(`${kind} has no id`);
    const [validFrom, validTo] = rules.validityOf(rule, object);
    return {
      kind,
      object_id: id,
      locations: rules.locationsOf(rule, object, id, [], { identification: true }),
      body: object,
      valid_from: validFrom,
      valid_to: validTo,
    };
  });
}

/** Rows as the import writes them (`source 'import'`, no record/revision, effective_from = validity start or -infinity). */
const INSERT = `
  INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source, record_id, revision)
  SELECT 'NB', t.kind, t.object_id, tstzrange(t.valid_from, t.valid_to, '[)'), COALESCE(t.valid_from, '-infinity'::timestamptz), t.locations, t.body,
    'import', NULL::uuid, NULL::int
  FROM jsonb_to_recordset($1::jsonb) AS t(kind text, object_id text, locations text[], body jsonb, valid_from timestamptz, valid_to timestamptz)`;

/**
 * Fills `business_object` with `sites` NB sites (MaLo, MeLo, meter; a former customer's MaLo version every
 * PREVIOUS_EVERY-th), rows made in JS by the service's rules and written in batches (one jsonb parameter each; the next
 * batch is made while PostgreSQL writes the last). Indexes other than the primary key are dropped for the insert and
 * built again from their own definitions, then ANALYZE. A database already filled with the same sites and generator
 * (table bench_identify_fill) is reused.
 * @param {import('pg').Client} client connected to the migrated database
 * @param {{ sites: number, rules: Rules, log?: (message: string) => void }} options
 * @returns {Promise<IdentifyFillResult>}
 */
async function fillIdentifyModel(client, { sites, rules, log = () => undefined }) {
  const generatorHash = createHash('sha256')
    .update(JSON.stringify([GENERATOR_VERSION, rowsOf(rules, siteOf(1)), rowsOf(rules, siteOf(PREVIOUS_EVERY))]))
    .digest('hex')
    .slice(0, 16);
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_identify_fill (sites int, generator_hash text, fill_ms int, filled_at timestamptz)`,
  );
  const { rows: previous } = await client.query(
    `SELECT fill_ms FROM bench_identify_fill WHERE sites = $1 AND generator_hash = $2`,
    [sites, generatorHash],
  );
  const started = Date.now();
  const reused = previous.length > 0;
  if (reused) {
    log(`read model already filled (${sites} sites, generator ${generatorHash}): reused`);
  } else {
    log(
      `filling the read model: ${sites} NB sites (MaLo, MeLo, meter; every ${PREVIOUS_EVERY}th MaLo with a former customer)`,
    );
    await client.query('TRUNCATE business_object, bench_identify_fill');
    await fillWithIndexesRebuilt(client, log, async () => {
      let written = 0;
      /** @type {Promise<unknown> | undefined} */
      let pending;
      const before = Date.now();
      for (let first = 1; first <= sites; first += SITES_PER_BATCH) {
        /** @type {Row[]} */
        const batch = [];
        for (let g = first; g < Math.min(first + SITES_PER_BATCH, sites + 1); g++)
          batch.push(...rowsOf(rules, siteOf(g)));
        await pending;
        pending = client.query(INSERT, [JSON.stringify(batch)]);
        written += batch.length;
        if ((first - 1) % (SITES_PER_BATCH * 50) === 0 && first > 1)
          log(`  ${first - 1} sites, ${written} rows, ${((Date.now() - before) / 1000).toFixed(0)} s`);
      }
      await pending;
      log(`  ${written} rows in ${((Date.now() - before) / 1000).toFixed(1)} s`);
    });
    await client.query('INSERT INTO bench_identify_fill VALUES ($1, $2, $3, now())', [
      sites,
      generatorHash,
      Date.now() - started,
    ]);
  }
  const { rows } = await client.query(`
    SELECT count(*)::int AS objects, count(*) FILTER (WHERE kind = 'MARKTLOKATION')::int AS malos,
      (pg_total_relation_size('business_object') / 1048576)::int AS table_mb, avg(pg_column_size(body))::int AS avg_body,
      avg(cardinality(locations)) FILTER (WHERE kind = 'MARKTLOKATION')::float AS keys_per_malo,
      (SELECT fill_ms FROM bench_identify_fill LIMIT 1) AS fill_ms
    FROM business_object`);
  const { rows: keyStats } = await client.query(`
    SELECT count(*) FILTER (WHERE key LIKE 'ID:ADR|%')::int AS address_keys,
      avg(n) FILTER (WHERE key LIKE 'ID:ADR|%')::float AS per_address_key,
      max(n) FILTER (WHERE key LIKE 'ID:NAME|%')::int AS max_per_name_key
    FROM (SELECT key, count(*) AS n FROM business_object, unnest(locations) key WHERE kind = 'MARKTLOKATION' AND key LIKE 'ID:%' GROUP BY key) k`);
  return {
    sites,
    objects: rows[0].objects,
    malos: rows[0].malos,
    generatorHash,
    fillMs: reused ? rows[0].fill_ms : Date.now() - started,
    reused,
    tableMB: rows[0].table_mb,
    avgBodyBytes: rows[0].avg_body,
    addressKeys: keyStats[0].address_keys,
    avgSitesPerAddressKey: Math.round(keyStats[0].per_address_key * 100) / 100,
    maxSitesPerNameKey: keyStats[0].max_per_name_key,
    keysPerMalo: Math.round(rows[0].keys_per_malo * 100) / 100,
  };
}

// ---------- requests ----------

/**
 * @typedef {'address' | 'name+address' | 'malo+address' | 'melo' | 'meter' | 'customer number' | 'name+customer number' | 'unknown'} RequestType
 * @typedef {{ type: RequestType, expected?: string, stammdaten: Record<string, unknown> }} IdentifyRequest
 */

/** The request mix: type and share. One in ten finds nothing (unknown address, MeLo, meter or customer). */
const MIX = /** @type {const} */ ([
  ['address', 0.25],
  ['name+address', 0.25],
  ['malo+address', 0.05],
  ['melo', 0.1],
  ['meter', 0.1],
  ['customer number', 0.05],
  ['name+customer number', 0.1],
  ['unknown', 0.1],
]);

/**
 * A street as a supplier writes it: "Hauptstraße", "Hauptstr.", "Hauptstrasse", "Haupt-Str.", "HAUPTSTRASSE".
 * @param {string} street
 * @param {number} variant
 */
function spelled(street, variant) {
  const match = /^(.*?)-?(straße)$/i.exec(street);
  if (!match) return variant % 5 === 4 ? street.toUpperCase() : street;
  const stem = match[1] ?? '';
  return (
    [`${stem}straße`, `${stem}str.`, `${stem}strasse`, `${stem}-Str.`, `${stem}STRASSE`.toUpperCase()][variant % 5] ??
    street
  );
}

/**
 * The address of a site as the supplier has it: street spelled variously, house number "12a" / "12 a" / "12 A".
 * @param {Site} site
 * @param {number} n
 */
function requestedAddress(site, n) {
  const { number, suffix } = /^(?<number>\d+)\s*(?<suffix>.*)$/.exec(site.address.houseNumber)?.groups ?? {
    number: site.address.houseNumber,
    suffix: '',
  };
  const houseNumber = suffix
    ? [`${number}${suffix}`, `${number} ${suffix}`, `${number}${suffix.toUpperCase()}`][n % 3]
    : number;
  return {
    postleitzahl: site.address.postcode,
    ort: site.address.town,
    strasse: spelled(site.address.street, n),
    hausnummer: houseNumber,
    landescode: 'DE',
  };
}

/**
 * @param {Customer} customer
 * @param {number} n
 * @param {boolean} withNumber
 */
function partner(customer, n, withNumber) {
  // Persons: half of the suppliers write "first name, surname", half the other way round.
  const names = customer.company
    ? { name1: customer.name1 }
    : n % 2 === 0
      ? { name1: customer.name2, name2: customer.name1 }
      : { name1: customer.name1, name2: customer.name2 };
  return {
    ENERGIELIEFERVERTRAG: [
      {
        boTyp: 'VERTRAG',
        versionStruktur: '1',
        vertragsart: 'ENERGIELIEFERVERTRAG',
        vertragspartner2: [
          {
            boTyp: 'GESCHAEFTSPARTNER',
            ...names,
            gewerbekennzeichnung: customer.company,
            ...(withNumber && customer.customerNumber
              ? {
                  externeReferenzen: [
                    { exRefName: 'Kundennummer beim Altlieferanten', exRefWert: customer.customerNumber },
                  ],
                }
              : {}),
          },
        ],
      },
    ],
  };
}

/**
 * Random identification requests over the filled sites (made once; the load takes them in turn with a fresh
 * idempotency key each): the mix of MIX; the expected MaLo where one must be found.
 * @param {number} sites
 * @param {number} [count]
 * @returns {IdentifyRequest[]}
 */
function identifyRequests(sites, count = 1 << 15) {
  /** @type {IdentifyRequest[]} */
  const requests = [];
  const maloCriterion = (/** @type {Record<string, unknown>} */ fields) => ({
    MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', energierichtung: 'AUSSP', ...fields }],
  });
  for (let n = 0; n < count; n++) {
    let pick = Math.random();
    const [type] = MIX.find(([, weight]) => (pick -= weight) < 0) ?? MIX[0];
    // A site with a customer number where the request needs one.
    let site = siteOf(1 + Math.floor(Math.random() * sites));
    while (type.includes('customer number') && !site.customer.customerNumber)
      site = siteOf(1 + Math.floor(Math.random() * sites));
    switch (type) {
      case 'address':
        requests.push({
          type,
          expected: site.malo,
          stammdaten: maloCriterion({ lokationsadresse: requestedAddress(site, n) }),
        });
        break;
      case 'name+address':
        requests.push({
          type,
          expected: site.malo,
          stammdaten: {
            ...maloCriterion({ lokationsadresse: requestedAddress(site, n) }),
            ...partner(site.customer, n, false),
          },
        });
        break;
      case 'malo+address':
        requests.push({
          type,
          expected: site.malo,
          stammdaten: maloCriterion({ marktlokationsId: site.malo, lokationsadresse: requestedAddress(site, n) }),
        });
        break;
      case 'melo':
        requests.push({
          type,
          expected: site.malo,
          stammdaten: {
            ...maloCriterion({}),
            MESSLOKATION: [{ boTyp: 'MESSLOKATION', versionStruktur: '1', messlokationsId: site.melo }],
          },
        });
        break;
      case 'meter':
        // Some systems pad meter numbers with leading zeros (dropped by the normalisation).
        requests.push({
          type,
          expected: site.malo,
          stammdaten: {
            ...maloCriterion({}),
            ZAEHLER: [
              { boTyp: 'ZAEHLER', versionStruktur: '1', zaehlernummer: n % 3 === 0 ? `000${site.meter}` : site.meter },
            ],
          },
        });
        break;
      case 'customer number':
        // The number alone (no name: a two-word first name alone, "Hans-Peter", would be a name key of its own).
        requests.push({
          type,
          expected: site.malo,
          stammdaten: {
            ...maloCriterion({}),
            ...partner({ company: false, name1: '', customerNumber: site.customer.customerNumber }, 1, true),
          },
        });
        break;
      case 'name+customer number':
        requests.push({
          type,
          expected: site.malo,
          stammdaten: { ...maloCriterion({}), ...partner(site.customer, n, true) },
        });
        break;
      default: {
        // Nothing to find: a postcode outside the filled ones, a MeLo, meter or customer number past the last site.
        const missing = sites + 1 + Math.floor(Math.random() * sites);
        const stammdaten = [
          maloCriterion({
            lokationsadresse: { ...requestedAddress(site, n), postleitzahl: `00${String(n % 999).padStart(3, '0')}` },
          }),
          {
            ...maloCriterion({}),
            MESSLOKATION: [{ boTyp: 'MESSLOKATION', versionStruktur: '1', messlokationsId: ids.melo(missing) }],
          },
          {
            ...maloCriterion({}),
            ZAEHLER: [{ boTyp: 'ZAEHLER', versionStruktur: '1', zaehlernummer: ids.meter(missing) }],
          },
          {
            ...maloCriterion({}),
            ...partner({ company: false, name1: '', customerNumber: ids.customerNumber(missing * 2) }, 1, true),
          },
        ][n % 4];
        requests.push({ type, stammdaten: /** @type {Record<string, unknown>} */ (stammdaten) });
      }
    }
  }
  return requests;
}

/**
 * The request body of an identification around its key, in three parts (`parts[0] + key + parts[1] + key + parts[2]`:
 * string splicing, cheap for the load generator, a fresh `idempodenzschluessel` and `vorgangsnummer` per request).
 * @param {IdentifyRequest} request
 * @param {string} ausfuehrungsdatum
 * @returns {[string, string, string]}
 */
function identifyBodyParts(request, ausfuehrungsdatum) {
  return [
    `{"stammdaten":${JSON.stringify(request.stammdaten)},"transaktionsdaten":{"vorgangsnummer":"`,
    '","idempodenzschluessel":"',
    `","ausfuehrungsdatum":"${ausfuehrungsdatum}","absender":{"rollencodenummer":"9904000000005"},"empfaenger":{"rollencodenummer":"9900936000002"}}}`,
  ];
}

module.exports = { fillIdentifyModel, identifyRequests, identifyBodyParts, siteOf, MIX };

if (require.main === module) {
  const { parseArgs } = require('node:util');
  const { Client } = require('pg');
  const { values } = parseArgs({ options: { sites: { type: 'string', default: '1000000' } } });
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  /** @type {Rules} */
  const rules = require(join(ROOT, 'libs', 'read-model'));
  client
    .connect()
    .then(() =>
      fillIdentifyModel(client, {
        sites: Number(values.sites),
        rules,
        log: (message) => process.stderr.write(`${message}\n`),
      }),
    )
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .finally(() => client.end())
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
