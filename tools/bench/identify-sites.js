// The sites of the MaLo identification benchmark (MaLo, MeLo, meter, address, customer), each made from its number
// alone by hashing: the fill writes them, the requests find them again, and the same number always gives the same site.
'use strict';
const {
  FIRST_NAMES,
  LAST_NAMES,
  LEGAL_FORMS,
  STREET_ENDINGS,
  STREET_STEMS,
  SURNAME_ENDINGS,
  SURNAME_STEMS,
  TOWNS,
  TRADES,
} = require('../fixtures/word-lists');

/** Every PREVIOUS_EVERY-th MaLo has a former customer: a version 2019–2024 and the current one from 2024 on. */
const PREVIOUS_EVERY = 8;
const POSTCODES = 3000;
const STREETS_PER_POSTCODE = 12;
const OWN_GRID_AREAS = ['10001', '10002', '10003', '10004'];

/**
 * @typedef {{ name1: string, name2?: string, company: boolean, customerNumber?: string }} Customer
 * @typedef {{ postcode: string, town: string, street: string, houseNumber: string }} Address
 * @typedef {{ g: number, malo: string, melo: string, meter: string, address: Address, customer: Customer, previous?: Customer,
 *   gridArea: string, direction: string }} Site
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

module.exports = { PREVIOUS_EVERY, ids, siteOf };
