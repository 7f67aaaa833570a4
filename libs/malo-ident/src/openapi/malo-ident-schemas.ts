import { MALO_ID_PATTERN, RFC3339_DATE_TIME } from '@maco/domain';
import { type OpenApiObject, schemaRef as ref } from '@maco/platform';
import { FLAG_NAMES } from '../identify/flags';

/** The kinds of the master data answer, in the contract's order (`MaloIdent Marktlokation`). */
export const MASTER_DATA_KINDS = [
  'MARKTLOKATION',
  'BILANZIERUNG',
  'TRANCHE',
  'MESSLOKATION',
  'ENERGIELIEFERVERTRAG',
  'TECHNISCHE_RESSOURCE',
  'STEUERBARE_RESSOURCE',
  'NETZLOKATION',
] as const;

const MAX_TEXT = 200;
const MAX_ITEMS = 20;
const MELO_ID = /^DE[A-Z0-9]{31}$/;
// RFC3339_DATE_TIME takes `T` and `Z` in either case; a schema's pattern has no flags, so it says both.
const DATE_TIME_PATTERN = RFC3339_DATE_TIME.source.replace('T', '[Tt]').replace('Z|', '[Zz]|');

const STRING = `must be a string of at most ${MAX_TEXT} characters`;
const REQUIRED_OBJECT = 'is required (an object)';
const REQUIRED_LIST = 'is required (an array of objects)';
const REQUIRED_PARTY = 'is required (an object with rollencodenummer)';
const DIRECTION = 'must be AUSSP or EINSP';

/** A text of the request; absent, null or empty is not given. `pattern`: what a given one must be. */
function text(description?: string, pattern?: RegExp, what?: string): OpenApiObject {
  return {
    type: 'string',
    nullable: true,
    maxLength: MAX_TEXT,
    ...(pattern ? { pattern: `^$|${pattern.source}` } : {}),
    ...(description ? { description } : {}),
    'x-messages': { type: STRING, maxLength: STRING, ...(pattern ? { pattern: `must be ${what}` } : {}) },
  };
}

/** A text the request needs: missing, null or empty is `is required`. */
function requiredText(extra: OpenApiObject = {}, messages: Record<string, string> = {}): OpenApiObject {
  return {
    type: 'string',
    minLength: 1,
    maxLength: MAX_TEXT,
    ...extra,
    'x-messages': { null: 'is required', minLength: 'is required', type: STRING, maxLength: STRING, ...messages },
  };
}

/** An object of a list; members beyond those named are taken as they are. */
const object = (properties: Record<string, OpenApiObject>, extra: OpenApiObject = {}): OpenApiObject => ({
  type: 'object',
  'x-invalid': 'an object',
  ...extra,
  additionalProperties: true,
  properties,
});

/** A list of a kind of `stammdaten`: at most 20 objects; absent or null where it is not `required`. */
function list(items: OpenApiObject, required = false): OpenApiObject {
  const messages = { type: 'must be an array of objects', maxItems: `must have at most ${MAX_ITEMS} elements` };
  return {
    type: 'array',
    ...(required ? { minItems: 1 } : { nullable: true }),
    maxItems: MAX_ITEMS,
    items,
    'x-messages': required
      ? { ...messages, minItems: 'must have at least one element', required: REQUIRED_LIST, null: REQUIRED_LIST }
      : messages,
  };
}

/**
 * An object of texts (an address, cadastre, coordinates): each member a `MaloIdent_Text`. Its fields are named in the
 * description, not as properties: problems of several are reported in the body's order.
 */
const texts = (description: string): OpenApiObject => ({
  type: 'object',
  nullable: true,
  description,
  'x-invalid': 'an object',
  additionalProperties: ref('MaloIdent_Text'),
});

/** `katasterinformation`: cadastre texts (Gemarkung, Flur, Flurstück). */
export const CADASTRE = texts('Cadastre (Gemarkung, Flur, Flurstück).');

const party = (description: string): OpenApiObject => ({
  type: 'object',
  description,
  required: ['rollencodenummer'],
  'x-messages': { required: REQUIRED_PARTY, type: REQUIRED_PARTY },
  properties: { rollencodenummer: requiredText() },
});

/**
 * `POST /identifyMarketlocation`'s body as the route checks it (`bodyCheck`): `stammdaten.MARKTLOKATION` (each with
 * `energierichtung`), ids in their formats, texts of at most 200 characters, at most 20 objects per kind;
 * `transaktionsdaten` with `vorgangsnummer`, `ausfuehrungsdatum` and both parties' `rollencodenummer`. `boTyp` and
 * `versionStruktur` are not enforced (real payloads drift); null or an empty text is a member not given.
 */
export const IDENTIFY_REQUEST: OpenApiObject = {
  type: 'object',
  'x-invalid': 'a JSON object',
  required: ['stammdaten', 'transaktionsdaten'],
  properties: {
    stammdaten: {
      type: 'object',
      required: ['MARKTLOKATION'],
      'x-messages': { required: REQUIRED_OBJECT, type: REQUIRED_OBJECT },
      properties: {
        MARKTLOKATION: list(
          object(
            {
              marktlokationsId: text(undefined, MALO_ID_PATTERN, '11 digits'),
              energierichtung: {
                type: 'string',
                enum: ['AUSSP', 'EINSP'],
                'x-messages': {
                  required: 'is required (AUSSP or EINSP)',
                  null: 'is required (AUSSP or EINSP)',
                  type: DIRECTION,
                  enum: DIRECTION,
                },
              },
              lokationsadresse: texts(
                'The address as the supplier knows it: postleitzahl, ort, ortsteil, strasse, hausnummer, adresszusatz, postfach, landescode.',
              ),
              katasterinformation: CADASTRE,
              // Checked in code, as katasterinformation and at its pointer, where that is absent (else not read).
              katasteradresse: { description: 'Read (and checked) as katasterinformation where that is absent.' },
              geokoordinaten: texts('Coordinates (breitengrad, laengengrad).'),
            },
            { required: ['energierichtung'] },
          ),
          true,
        ),
        TRANCHE: list(object({ tranchenId: text(undefined, MALO_ID_PATTERN, '11 digits') })),
        MESSLOKATION: list(
          object({ messlokationsId: text(undefined, MELO_ID, 'DE followed by 31 digits or capital letters') }),
        ),
        ZAEHLER: list(object({ zaehlernummer: text() })),
        ENERGIELIEFERVERTRAG: list(
          object({
            vertragspartner2: {
              type: 'array',
              nullable: true,
              description: 'The customer as the supplier names it.',
              'x-messages': { type: 'must be an array of objects' },
              items: object({
                name1: text(),
                name2: text(),
                externeReferenzen: {
                  type: 'array',
                  nullable: true,
                  'x-messages': { type: 'must be an array of objects' },
                  items: {
                    description: 'A reference (others than objects are skipped).',
                    properties: { exRefWert: text('A customer number at the previous supplier.') },
                  },
                },
              }),
            },
          }),
        ),
      },
    },
    transaktionsdaten: {
      type: 'object',
      // Only the moment is needed: the vendor's own LESEN_LOKATIONIDENT_BASIS sends the criteria and `ausfuehrungsdatum`
      // alone. A missing `vorgangsnummer`, `absender` or `empfaenger` is a note on the recorded request, never a 400.
      required: ['ausfuehrungsdatum'],
      additionalProperties: true,
      'x-messages': { required: REQUIRED_OBJECT, type: REQUIRED_OBJECT },
      properties: {
        vorgangsnummer: text('The transaction id; absent: the key is derived from the body (`body:<sha256>`).'),
        // No `format`: its calendar check would refuse what is taken (2023-02-30 rolls over); a rule in code refuses
        // what is no instant at all.
        ausfuehrungsdatum: requiredText(
          {
            pattern: DATE_TIME_PATTERN,
            description:
              'A date-time with offset (`2023-08-02T22:00:00Z`): the identification is done for this moment.',
          },
          { pattern: 'must be a date-time in UTC (2023-08-02T22:00:00Z)' },
        ),
        idempodenzschluessel: text(
          'The same key again (per role) answers the recorded answer; absent: `vorgangsnummer` is the key, else the body.',
        ),
        nachrichtendatum: text(),
        absender: party('The supplier asking.'),
        empfaenger: party('The grid operator asked.'),
      },
    },
  },
};

const FLAG_TEXT: Record<string, string> = {
  trefferMaloid: 'The complete 11-digit MaLo id equals the requested one.',
  trefferTrancheId: 'A requested tranche id (11 digits) is a tranche of the MaLo.',
  trefferAdresse1:
    'Postcode, street (folded; a street ending in "straße"/"str."/"strasse" is a prefix, the contract’s "*"), house number with suffix, place and country agree; without address: cadastre tuple or coordinates (4 decimals).',
  trefferKundennummer:
    'A requested customer number at the previous supplier equals the MaLo customer’s (trimmed only).',
  trefferName:
    'Names agree after folding (umlauts, case, legal forms, titles): first/surname in any order, "first and surname" against each field, company against name1/name2/both; one typo in words of 5+ letters.',
  trefferGeraetenummer:
    'A requested meter number equals one of the MaLo’s meters of the last 36 months (case-sensitive; white space, leading and trailing zeros ignored).',
  trefferMeloid: 'A requested MeLo id (33 characters) is a MeLo of the MaLo.',
  trefferAdresse2:
    'Complete address check: trefferAdresse1 and the full street, place, Ortsteil, Adresszusatz and Postfach given agree.',
  trefferMakorelevant:
    'The MaLo takes part in market communication at the date (not marked `makorelevant: false`, a grid-operator role in force).',
  trefferStillgelegt:
    'The MaLo is decommissioned at the date (`marktlokationsTyp` RUHENDE_MARKTLOKATION in force, `stilllegungsdatum` reached or `stillgelegt`).',
  trefferNetzgebiet:
    'The MaLo’s grid area (`netzgebietNr`) at the date is served as "eigener Service" (`MALO_IDENT_OWN_GRID_AREAS`; unset: all).',
  trefferNetzgebiet3KJ:
    'The MaLo was in such a grid area at some point since 1 January of the third calendar year back.',
};

/** The kinds of the master data answer in the vendor's English dialect (`masterData`), in the same order. */
export const MASTER_DATA_KINDS_EN = [
  'MARKET_LOCATION',
  'BALANCING',
  'TRANCHE',
  'METERING_LOCATION',
  'ENERGY_SUPPLY_CONTRACT',
  'TECHNICAL_RESOURCE',
  'CONTROLLABLE_RESOURCE',
  'GRID_LOCATION',
] as const;

/** A candidate's MaLo id in the English dialect; the vendor's name map has no English names for the flags. */
export const LOCATION_ID_EN = 'locationId';

const DIALECT_NOTE = 'Answered in the BO4E dialect of `MACO_DIALECT`';

/** A master data answer: per kind the objects in force, members as the read model holds them. */
const masterData = (container: string, kinds: readonly string[], description: string): OpenApiObject => ({
  type: 'object',
  description,
  required: [container],
  properties: {
    [container]: {
      type: 'object',
      required: [kinds[0]],
      properties: Object.fromEntries(
        kinds.map((kind) => [kind, { type: 'array', items: { type: 'object', additionalProperties: true } }]),
      ),
    },
  },
});

/** The identification's answer: candidates, each with its MaLo id (`idField`) and the twelve flags. */
const identifyAnswer = (idField: string, description?: string): OpenApiObject => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: ['maloIdentDaten'],
  properties: {
    maloIdentDaten: {
      type: 'array',
      description:
        'Candidates, strongest first (ids, meter, address, customer number, name; then the secondary flags); `[]` when none.',
      items: {
        type: 'object',
        required: [idField, ...FLAG_NAMES],
        properties: {
          [idField]: { type: 'string', example: '74018657187' },
          ...Object.fromEntries(FLAG_NAMES.map((flag) => [flag, { type: 'boolean', description: FLAG_TEXT[flag] }])),
        },
      },
    },
  },
});

/** The identification's answer in either dialect (`MACO_DIALECT` chooses); an empty list is both. */
export const IDENTIFY_ANSWER_EITHER: OpenApiObject = {
  anyOf: [ref('MaloIdent_IdentifyAnswer'), ref('MaloIdent_IdentifyAnswerEnglish')],
};

/** The group's component schemas: the identification's request and answer, the master data, the record. */
export const MALO_IDENT_SCHEMAS: Record<string, OpenApiObject> = {
  MaloIdent_IdentifyRequest: IDENTIFY_REQUEST,
  MaloIdent_Text: {
    description: `A text of at most ${MAX_TEXT} characters; a number or a nested value is taken as it is, a boolean is not.`,
    not: { type: 'boolean' },
    maxLength: MAX_TEXT,
    'x-messages': { not: 'must be a string', maxLength: `must be at most ${MAX_TEXT} characters` },
  },
  MaloIdent_IdentifyAnswer: identifyAnswer('lokationsId', `${DIALECT_NOTE}: German (\`de\`, the default).`),
  MaloIdent_IdentifyAnswerEnglish: identifyAnswer(
    LOCATION_ID_EN,
    `${DIALECT_NOTE}: the vendor's English (\`en\`): \`lokationsId\` is \`${LOCATION_ID_EN}\`; \`maloIdentDaten\` and the flags have no English name in the vendor's map and stay.`,
  ),
  MaloIdent_MasterData: masterData('stammdaten', MASTER_DATA_KINDS, `${DIALECT_NOTE}: German (\`de\`, the default).`),
  MaloIdent_MasterDataEnglish: masterData(
    'masterData',
    MASTER_DATA_KINDS_EN,
    `${DIALECT_NOTE}: the vendor's English (\`en\`): containers, kinds, members and enumeration values by its name map.`,
  ),
  MaloIdent_Record: {
    type: 'object',
    properties: {
      role: { type: 'string' },
      idempotencyKey: { type: 'string' },
      vorgangsnummer: { type: 'string', nullable: true },
      tokenSubject: { type: 'string', nullable: true, description: 'The `sub` of the token that asked.' },
      receivedAt: { type: 'string', format: 'date-time' },
      request: {
        type: 'object',
        additionalProperties: true,
        description: 'The request body as received (German or English).',
      },
      answer: { ...IDENTIFY_ANSWER_EITHER, description: 'The answer, in the dialect this service answers in.' },
      candidateCount: { type: 'integer' },
      notes: {
        type: 'array',
        description: 'What the request lacked that the contract names (`vorgangsnummer`, `absender`, `empfaenger`).',
        items: {
          type: 'object',
          required: ['pointer', 'message'],
          properties: { pointer: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  },
};
