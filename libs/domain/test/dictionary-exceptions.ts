/**
 * Reviewed differences between the vendor's BO4E dictionary (reference/maco-api-doc-resources/bo4e) and the domain
 * classes, checked by src/validation/dictionary-agreement.spec.ts. One entry per property: the dictionary type and the
 * domain class it is compared with, what the dictionary says and what the class accepts (as the spec writes them:
 * `string`, `string(date-time)`, `number`, `object`, `T[]`, `array` for a list of anything, alternatives joined by
 * ` | `), and why. In every entry the domain accepts the dictionary's shape and more; the reason names the published
 * schema or the sample in reference/samples that sends the other shape. An entry whose two sides no longer match
 * the comparison fails the spec, so the table shrinks as the classes follow the dictionary.
 */
export interface DictionaryException {
  /** The dictionary type, `folder/Name` (`com/Verbrauch`). */
  type: string;
  domainClass: string;
  property: string;
  dictionary: string;
  domain: string;
  reason: string;
}

export const DICTIONARY_EXCEPTIONS: readonly DictionaryException[] = [
  {
    type: 'cdoc/Stammdaten',
    domainClass: 'Stammdaten',
    property: 'ANFRAGE',
    dictionary: 'object[]',
    domain: 'object | object[]',
    reason:
      'a list in the dictionary; a single object in the published schemas of PIs 17131 and 19124 (backend-interface §3.1), so both are accepted',
  },
  {
    type: 'cdoc/Stammdaten',
    domainClass: 'Stammdaten',
    property: 'LOKATIONSBUENDEL',
    dictionary: 'object[]',
    domain: 'object | object[]',
    reason:
      'a list in the dictionary; a single object in the published LF update schema of PI 55035 (backend-interface §3.1), so both are accepted',
  },
  {
    type: 'cdoc/Transaktionsdaten',
    domainClass: 'Transaktionsdaten',
    property: 'sendungsposition',
    dictionary: 'string',
    domain: 'string | number',
    reason: 'a string in the dictionary; an integer in some published schemas, so both are accepted',
  },
  {
    type: 'cdoc/Transaktionsdaten',
    domainClass: 'Transaktionsdaten',
    property: 'freitext',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a string in the dictionary; real traffic sends an object: the upstream samples lf-create-55022-tf1, lf-update-55003-tf2 and nb-create-55001-tf2, so both are accepted',
  },
  {
    type: 'cdoc/Transaktionsdaten',
    domainClass: 'Transaktionsdaten',
    property: 'infoAbweichung',
    dictionary: 'string',
    domain: 'string | object',
    reason: 'free text (FTX+ABO) in the dictionary; an object in the published LF schema, so both are accepted',
  },
  {
    type: 'bo/Bilanzierung',
    domainClass: 'Bilanzierung',
    property: 'bilanzkreis',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a string in the dictionary and real payloads; the published request schemas (reference/schemas) type it as a property-less object, so an object is accepted too',
  },
  {
    type: 'bo/Bilanzierung',
    domainClass: 'Bilanzierung',
    property: 'wahlrechtPrognosegrundlage',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a string in the dictionary; the published request schemas (reference/schemas) type it as a property-less object, so an object is accepted too',
  },
  {
    type: 'bo/Bilanzierung',
    domainClass: 'Bilanzierung',
    property: 'detailsPrognosegrundlage',
    dictionary: 'string[]',
    domain: 'string[] | string[][]',
    reason:
      'a list of strings in the dictionary; the published schemas and the synth sample msb-create-55628-synth send lists of lists of strings, accepted as items (backend-interface §9)',
  },
  {
    type: 'bo/Marktlokation',
    domainClass: 'Marktlokation',
    property: 'energierichtung',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a code in the dictionary and real payloads; a property-less object in one published schema, so an object is accepted too',
  },
  {
    type: 'bo/Marktlokation',
    domainClass: 'Marktlokation',
    property: 'messtechnischeEinordnung',
    dictionary: 'string',
    domain: 'string | object',
    reason: 'a code in the dictionary; a property-less object in the published schemas, so an object is accepted too',
  },
  {
    type: 'bo/Marktlokation',
    domainClass: 'Marktlokation',
    property: 'leistungskurvendefinition',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a definition code in the dictionary and real payloads; a BO reference (object) in the published schemas, so an object is accepted too',
  },
  {
    type: 'bo/Tranche',
    domainClass: 'Tranche',
    property: 'bilanzkreis',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a string in the dictionary and real payloads; a property-less object in the published schemas, so an object is accepted too',
  },
  {
    type: 'bo/Tranche',
    domainClass: 'Tranche',
    property: 'bildungTranchengroesse',
    dictionary: 'string',
    domain: 'string | object',
    reason: 'a code in the dictionary; a property-less object in the published schemas, so an object is accepted too',
  },
  {
    type: 'bo/Netzlokation',
    domainClass: 'Netzlokation',
    property: 'steuerkanal',
    dictionary: 'boolean',
    domain: 'boolean | object',
    reason:
      'a flag in the dictionary and the upstream samples (lf-update-55078-tf2, nb-update-55014-tf3); an object in the published schemas and the synth sample nb-create-55639-synth, so both are accepted',
  },
  {
    type: 'bo/Netzlokation',
    domainClass: 'Netzlokation',
    property: 'leistungskurvendefinition',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a code in the dictionary and the upstream samples; an object in the published schemas and the synth sample nb-create-55639-synth, so both are accepted',
  },
  {
    type: 'bo/SteuerbareRessource',
    domainClass: 'SteuerbareRessource',
    property: 'steuerkanal',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a code in the dictionary and real payloads; a BO reference (object) in the published schemas, so an object is accepted too',
  },
  {
    type: 'bo/TechnischeRessource',
    domainClass: 'TechnischeRessource',
    property: 'verbrauchsart',
    dictionary: 'string[]',
    domain: 'string | string[]',
    reason:
      'a list of Verbrauchsart in the dictionary and the vendor body lf-update-55035-verbrauchsart-array; real traffic also sends one code: upstream nb-update-55014-tf3 sends "EMOB", so both are accepted',
  },
  {
    type: 'bo/Marktteilnehmer',
    domainClass: 'Marktteilnehmer',
    property: 'marktrolle',
    dictionary: 'string',
    domain: 'string | object',
    reason: 'a code in the dictionary; a property-less object in one published schema, so an object is accepted too',
  },
  {
    type: 'bo/Marktteilnehmer',
    domainClass: 'Marktteilnehmer',
    property: 'rollencodetyp',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a code (BDEW, GS1, …) in the dictionary; one published schema types it as a property-less object, so an object is accepted too',
  },
  {
    type: 'com/Menge',
    domainClass: 'Menge',
    property: 'wert',
    dictionary: 'number',
    domain: 'number | object',
    reason:
      'a number in the dictionary and real payloads; a property-less object in most published schemas (backend-interface §9), so an object is accepted too',
  },
  {
    type: 'com/AntwortStatusZeitraum',
    domainClass: 'AntwortStatusZeitraum',
    property: 'code',
    dictionary: 'string',
    domain: 'string | number | boolean | object',
    reason:
      'a string in the dictionary; untyped in the published schemas, real payloads carry scalars (backend-interface §9), so any scalar or object is accepted',
  },
  {
    type: 'com/AntwortStatusZeitraum',
    domainClass: 'AntwortStatusZeitraum',
    property: 'freitext',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a string in the dictionary; a property-less object in the published NB schema, so an object is accepted too',
  },
  {
    type: 'com/Zeitraum',
    domainClass: 'Zeitraum',
    property: 'startdatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; the vendor body lf-create-55650-compact-dates sends compact dates ("20260401") beside date-times, so any string is accepted',
  },
  {
    type: 'com/Zeitraum',
    domainClass: 'Zeitraum',
    property: 'enddatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; the vendor body lf-create-55650-compact-dates sends compact dates ("20260828") beside date-times, so any string is accepted',
  },
  {
    type: 'bo/Geschaeftspartner',
    domainClass: 'Geschaeftspartner',
    property: 'geschaeftspartnerrolle',
    dictionary: 'string[]',
    domain: 'string | string[]',
    reason:
      'a list in the dictionary and the page/upstream samples; one string in the published MSB schema and the synth sample msb-create-55628-synth (backend-interface §9), so both are accepted',
  },
  {
    type: 'com/Zaehlwerk',
    domainClass: 'Zaehlwerk',
    property: 'verbrauchsart',
    dictionary: 'string[]',
    domain: 'string | string[]',
    reason:
      'a list of Verbrauchsart in the dictionary; real traffic sends one code: the upstream samples nb-update-55014-tf1/tf2/tf3 send "KL" and "EMOB", so both are accepted',
  },
  {
    type: 'com/Netznutzungsabrechnungsdaten',
    domainClass: 'Netznutzungsabrechnungsdaten',
    property: 'artikelId',
    dictionary: 'string',
    domain: 'string | string[]',
    reason:
      'one string in the dictionary and real payloads; an array of strings in the published schemas, so both are accepted',
  },
  {
    type: 'com/Netznutzungsabrechnungsdaten',
    domainClass: 'Netznutzungsabrechnungsdaten',
    property: 'anzahl',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'a number in the dictionary and real payloads; the published schemas copy a string enum from the wrong code list, so a string is accepted too',
  },
  {
    type: 'com/Netznutzungsabrechnungsdaten',
    domainClass: 'Netznutzungsabrechnungsdaten',
    property: 'gemeinderabatt',
    dictionary: 'number',
    domain: 'number | object',
    reason: 'a number in the dictionary; a property-less object in the published schemas, so an object is accepted too',
  },
  {
    type: 'com/Netznutzungsabrechnungsdaten',
    domainClass: 'Netznutzungsabrechnungsdaten',
    property: 'zuschlag',
    dictionary: 'number',
    domain: 'string | number | boolean | object',
    reason:
      'a number in the dictionary; untyped in the published schemas like its sibling `abschlag`, so any scalar or object is accepted',
  },
  {
    type: 'com/Netznutzungsabrechnungsdaten',
    domainClass: 'Netznutzungsabrechnungsdaten',
    property: 'abschlag',
    dictionary: 'number',
    domain: 'string | number | boolean | object',
    reason:
      'a number in the dictionary; untyped in the published schemas, real payloads carry scalars (backend-interface §9), so any scalar or object is accepted',
  },
  {
    type: 'com/Messstellenbetriebsabrechnungsdaten',
    domainClass: 'Messstellenbetriebsabrechnungsdaten',
    property: 'artikelId',
    dictionary: 'string',
    domain: 'string | string[]',
    reason:
      'one string in the dictionary and real payloads; an array of strings in the published schemas, so both are accepted',
  },
  {
    type: 'com/Messstellenbetriebsabrechnungsdaten',
    domainClass: 'Messstellenbetriebsabrechnungsdaten',
    property: 'anzahl',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'a number in the dictionary; the published schemas list register-count names (EINTARIF, …), so a string is accepted too',
  },
  {
    type: 'com/Messstellenbetriebsabrechnungsdaten',
    domainClass: 'Messstellenbetriebsabrechnungsdaten',
    property: 'abschlag',
    dictionary: 'number',
    domain: 'string | number | boolean | object',
    reason:
      'a number in the dictionary; untyped in the published schemas like `Netznutzungsabrechnungsdaten.abschlag`, so any scalar or object is accepted',
  },
  {
    type: 'com/MarktlokationsTypisierung',
    domainClass: 'MarktlokationsTyp',
    property: 'typ',
    dictionary: 'string',
    domain: 'string | object',
    reason: 'a code in the dictionary; a property-less object in the published schemas, so an object is accepted too',
  },
  {
    type: 'com/Vertragskonditionen',
    domainClass: 'Vertragskonditionen',
    property: 'gemeinderabatt',
    dictionary: 'object',
    domain: 'object | array',
    reason:
      'a COM Gemeinderabatt in the dictionary; the vendor body lf-create-55650-compact-dates sends an empty list (`[]`) in every Vertragskonditionen, so a list is accepted too',
  },
  {
    type: 'com/Vertragskonditionen',
    domainClass: 'Vertragskonditionen',
    property: 'startAbrechnungsjahr',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; the vendor body lf-create-55650-compact-dates sends a compact date ("20260401"), so any string is accepted',
  },
  {
    type: 'com/StatusmitteilungPosition',
    domainClass: 'Positionsdaten',
    property: 'positionsnummer',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'an integer in the dictionary and the AUFTRAG/STATUSMITTEILUNG schemas; a string in `stammdaten.positionsdaten` of the published PI 17123 schema, so both are accepted',
  },
  {
    type: 'com/Handelsunstimmigkeitsbegruendung',
    domainClass: 'HandelsunstimmigkeitsBegruendung',
    property: 'grund',
    dictionary: 'string',
    domain: 'string | string[]',
    reason:
      'one Handelsunstimmigkeitsgrund in the dictionary; a list in the published REMADV/COMDIS schemas, so both are accepted',
  },
  {
    type: 'com/Betrag',
    domainClass: 'Betrag',
    property: 'wert',
    dictionary: 'number',
    domain: 'string | number | boolean | object',
    reason:
      'a number in the dictionary; untyped in the published schemas, real payloads carry scalars (backend-interface §9), so any scalar or object is accepted',
  },
  {
    type: 'com/AuftragPosition',
    domainClass: 'Positionsdaten',
    property: 'positionsnummer',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'an integer in the dictionary and the AUFTRAG/STATUSMITTEILUNG schemas; a string in `stammdaten.positionsdaten` of the published PI 17123 schema, so both are accepted',
  },
  {
    type: 'com/AuftragPosition',
    domainClass: 'Positionsdaten',
    property: 'positionsbetrag',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      "one domain class (Positionsdaten) serves the dictionary's AuftragPosition, StatusmitteilungPosition and Angebotsposition; the first two type `positionsbetrag` as a string, Angebotsposition as a COM Betrag",
  },
  {
    type: 'com/Angebotsposition',
    domainClass: 'Positionsdaten',
    property: 'positionsbetrag',
    dictionary: 'object',
    domain: 'string | object',
    reason:
      "one domain class (Positionsdaten) serves the dictionary's AuftragPosition, StatusmitteilungPosition and Angebotsposition; the first two type `positionsbetrag` as a string, Angebotsposition as a COM Betrag",
  },
  {
    type: 'com/Netznutzungsabrechnungsdaten',
    domainClass: 'Abrechnungsdaten',
    property: 'artikelId',
    dictionary: 'string',
    domain: 'string | string[]',
    reason:
      'one string in the dictionary and the real Marktlokation payloads; an array in the published schema, so both are accepted',
  },
  {
    type: 'com/ZugeordneteDefinition',
    domainClass: 'ZugeordneteDefinition',
    property: 'schaltzeitdefinition',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a code in the dictionary; typed like its sibling `leistungskurvendefinition`, a BO reference (object) in the published schemas, so an object is accepted too',
  },
  {
    type: 'com/ZugeordneteDefinition',
    domainClass: 'ZugeordneteDefinition',
    property: 'leistungskurvendefinition',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a definition code in the dictionary and real payloads; a BO reference (object) in the published schemas, so an object is accepted too',
  },
  {
    type: 'com/Nennleistung',
    domainClass: 'Nennleistung',
    property: 'abgabe',
    dictionary: 'number',
    domain: 'number | object',
    reason:
      'a number in the dictionary and real payloads; a property-less object in the published schemas (backend-interface §9), so an object is accepted too',
  },
  {
    type: 'com/ZuordnungObjectcode',
    domainClass: 'ZuordnungObjectcode',
    property: 'referenzMarktlokationTechnischeRessource',
    dictionary: 'string[]',
    domain: 'string[] | string[][]',
    reason:
      'a list of strings in the dictionary; lists of lists of strings in the published schemas, like `detailsPrognosegrundlage`, accepted as items',
  },
  {
    type: 'com/Schwellwert',
    domainClass: 'Schwellwert',
    property: 'obererSchwellwert',
    dictionary: 'number',
    domain: 'string | number',
    reason: 'a number in the dictionary; a string in the published LF create schema (15004), so both are accepted',
  },
  {
    type: 'com/Schwellwert',
    domainClass: 'Schwellwert',
    property: 'untererSchwellwert',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'a number in the dictionary; a string in the published LF create schema (15004), a number in LF update (17130), so both are accepted',
  },
  {
    type: 'com/Rufnummer',
    domainClass: 'Rufnummer',
    property: 'rufnummer',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a string in the dictionary, real payloads and most published schemas; a property-less object in others, so an object is accepted too',
  },
  {
    type: 'com/Zaehlzeitregister',
    domainClass: 'Zaehlzeit',
    property: 'register',
    dictionary: 'string',
    domain: 'string | number | boolean | object',
    reason:
      'a string in the dictionary; untyped in the published schemas, real payloads carry scalars (backend-interface §9), so any scalar or object is accepted',
  },
  {
    type: 'com/Zaehlzeitregister',
    domainClass: 'Zaehlzeit',
    property: 'zaehlzeitDefinition',
    dictionary: 'string',
    domain: 'string | object',
    reason: 'a code in the dictionary; a BO reference (object) in the published schemas, so an object is accepted too',
  },
  {
    type: 'com/Verwendungszweck',
    domainClass: 'Verwendungszweck',
    property: 'zweck',
    dictionary: 'string[]',
    domain: 'string[] | object[]',
    reason:
      'a list of codes in the dictionary and real payloads; property-less objects in the published schemas, so objects are accepted as items too',
  },
  {
    type: 'com/Menge',
    domainClass: 'Betrag',
    property: 'wert',
    dictionary: 'number',
    domain: 'string | number | boolean | object',
    reason:
      'a number in the dictionary; untyped in the published schemas, real payloads carry scalars (backend-interface §9), so any scalar or object is accepted',
  },
  {
    type: 'com/Objectcode',
    domainClass: 'Objectcode',
    property: 'objectcode',
    dictionary: 'string',
    domain: 'string | object',
    reason:
      'a 13-digit code in the dictionary and real payloads; a property-less object in the published schemas, so an object is accepted too',
  },
  {
    type: 'bo/Energiemenge',
    domainClass: 'Energiemenge',
    property: 'startdatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; a plain string in the published MSCONS schemas (DTM+163 of 13018, 13025), which the domain accepted before, so any string is accepted (strict mode refuses nothing it booked before)',
  },
  {
    type: 'bo/Energiemenge',
    domainClass: 'Energiemenge',
    property: 'enddatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; a plain string in the published MSCONS schemas (DTM+164), accepted before, so any string is accepted',
  },
  {
    type: 'bo/Marktteilnehmer',
    domainClass: 'Marktteilnehmer',
    property: 'zuordnungVon',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; a plain string in the published schemas, accepted before, so any string is accepted',
  },
  {
    type: 'bo/Marktteilnehmer',
    domainClass: 'Marktteilnehmer',
    property: 'zuordnungBis',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; a plain string in the published schemas, accepted before, so any string is accepted',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'startdatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary and the LF update schema (13002); a plain string in the published LF create MSCONS schemas, accepted before, so any string is accepted',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'enddatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason: 'as startdatum: a plain string in the published LF create MSCONS schemas, accepted before',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'ablesedatum',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason: 'as startdatum: a plain string in the published LF create MSCONS schemas, accepted before',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'ausfuehrungszeitpunkt',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason: 'as startdatum: a plain string in the published LF create MSCONS schemas, accepted before',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'nutzungszeitpunkt',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason: 'as startdatum: a plain string in the published LF create MSCONS schemas, accepted before',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'wert',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'a number in the dictionary and the vendor body lf-create-13017-meter-reading; a decimal string (QTY+220) in every published schema, accepted before, so both are accepted',
  },
  {
    type: 'com/Verbrauch',
    domainClass: 'Verbrauch',
    property: 'position',
    dictionary: 'number',
    domain: 'string | number',
    reason:
      'an integer in the dictionary and the vendor body lf-create-13017-meter-reading; a string in the published schemas, accepted before, so both are accepted',
  },
  {
    type: 'com/MarktlokationsTypisierung',
    domainClass: 'MarktlokationsTyp',
    property: 'gueltigAb',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; a plain string in the published schemas, accepted before, so any string is accepted',
  },
  {
    type: 'com/MarktlokationsTypisierung',
    domainClass: 'MarktlokationsTyp',
    property: 'gueltigBis',
    dictionary: 'string(date-time)',
    domain: 'string',
    reason:
      'a date-time in the dictionary; a plain string in the published schemas, accepted before, so any string is accepted',
  },
];
