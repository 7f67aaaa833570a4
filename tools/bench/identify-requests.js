// The requests of the MaLo identification benchmark over the filled sites: the request mix, with addresses and names
// written the ways suppliers write them, and the body each request is sent in.
'use strict';
const { ids, siteOf } = require('./identify-sites');

/**
 * @typedef {import('./identify-sites').Customer} Customer
 * @typedef {import('./identify-sites').Site} Site
 */

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

module.exports = { MIX, identifyRequests, identifyBodyParts };
