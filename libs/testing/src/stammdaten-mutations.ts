/** A market role as this fixture names it; pure data, so no import from the domain lib. */
export type StammdatenMutationRole = 'LF' | 'NB' | 'MSB';

/**
 * One minimal BO item of a stammdaten kind with exactly one wrong-typed field, for checking that the item is
 * validated by its kind's class and the violation is located exactly.
 */
export interface StammdatenMutation {
  kind: string;
  /** The roles whose published schemas carry the kind (backend-interface §5). */
  roles: StammdatenMutationRole[];
  /** Valid except for the field at `pointer`. */
  item: Record<string, unknown>;
  /** The violation pointer when `item` is posted as `stammdaten[kind][0]`. */
  pointer: string;
  /** A value of the right type for the field at `pointer`: with it, the item is valid. */
  validValue: unknown;
}

const ALL: StammdatenMutationRole[] = ['LF', 'NB', 'MSB'];
const bo = (boTyp: string, fields: Record<string, unknown>): Record<string, unknown> => ({
  boTyp,
  versionStruktur: '1',
  ...fields,
});

/**
 * One entry per stammdaten kind of the reference inventory. The wrong field sits inside an object or array of the
 * BO, except for ANFRAGE and VERWENDUNGSZEITRAUM, which have no nested field in any schema.
 */
export const STAMMDATEN_MUTATIONS: StammdatenMutation[] = [
  {
    kind: 'MARKTLOKATION',
    roles: ALL,
    item: bo('MARKTLOKATION', {
      marktlokationsId: '51238490216',
      sparte: 'STROM',
      lokationsadresse: { postleitzahl: 35037, ort: 'Marburg' },
    }),
    pointer: '#/stammdaten/MARKTLOKATION/0/lokationsadresse/postleitzahl',
    validValue: '35037',
  },
  {
    kind: 'MESSLOKATION',
    roles: ALL,
    item: bo('MESSLOKATION', {
      messlokationsId: 'DE0032106765712000000000000000037',
      zaehlwerke: [
        {
          messprodukt: '9991000000044',
          zaehlzeiten: { zaehlzeitDefinition: { boTyp: 'ZAEHLZEITDEFINITION', versionStruktur: 1 } },
        },
      ],
    }),
    pointer: '#/stammdaten/MESSLOKATION/0/zaehlwerke/0/zaehlzeiten/zaehlzeitDefinition/versionStruktur',
    validValue: '1',
  },
  {
    kind: 'NETZLOKATION',
    roles: ALL,
    item: bo('NETZLOKATION', {
      netzlokationsId: 'E1688117482',
      steuerkanal: { boTyp: 'AD_HOC_STEUERKANAL', versionStruktur: 1 },
    }),
    pointer: '#/stammdaten/NETZLOKATION/0/steuerkanal/versionStruktur',
    validValue: '1',
  },
  {
    kind: 'TECHNISCHE_RESSOURCE',
    roles: ALL,
    item: bo('TECHNISCHE_RESSOURCE', { ressourcenId: 'D417MLM8164', nennleistung: { aufnahme: '11' } }),
    pointer: '#/stammdaten/TECHNISCHE_RESSOURCE/0/nennleistung/aufnahme',
    validValue: 11,
  },
  {
    kind: 'STEUERBARE_RESSOURCE',
    roles: ALL,
    item: bo('STEUERBARE_RESSOURCE', {
      ressourcenId: 'C816417ST77',
      marktrollen: [{ boTyp: 'MARKTTEILNEHMER', marktrolle: 'MSB', rollencodenummer: 9900736000002 }],
    }),
    pointer: '#/stammdaten/STEUERBARE_RESSOURCE/0/marktrollen/0/rollencodenummer',
    validValue: '9900736000002',
  },
  {
    kind: 'TRANCHE',
    roles: ALL,
    item: bo('TRANCHE', { tranchenId: '51238490221', aufteilungsmenge: { wert: 50, einheit: 5 } }),
    pointer: '#/stammdaten/TRANCHE/0/aufteilungsmenge/einheit',
    validValue: 'PROZENT',
  },
  {
    kind: 'LOKATIONSBUENDEL',
    roles: ALL,
    item: bo('LOKATIONSBUENDEL', {
      lokationsbuendelstrukturId: '9992000000026',
      zuordnungObjectcode: [
        { referenzLokationsTyp: 'MALO', objectcode: [{ objectcode: '9992000001016', lokationsbuendelNummer: '1' }] },
      ],
    }),
    pointer: '#/stammdaten/LOKATIONSBUENDEL/0/zuordnungObjectcode/0/objectcode/0/lokationsbuendelNummer',
    validValue: 1,
  },
  {
    kind: 'ZAEHLER',
    roles: ALL,
    item: bo('ZAEHLER', {
      zaehlernummer: '1EMH0012345678',
      zaehlwerke: [{ obisKennzahl: '1-1:1.8.0', schwachlastfaehig: true }],
    }),
    pointer: '#/stammdaten/ZAEHLER/0/zaehlwerke/0/schwachlastfaehig',
    validValue: 'NICHT_SCHWACHLASTFAEHIG',
  },
  {
    kind: 'VERWENDUNGSZEITRAUM',
    roles: ALL,
    // No nested field in any schema: the wrong field is a top-level one.
    item: bo('VERWENDUNGSZEITRAUM', {
      zeitraumId: '1',
      verwendungAb: '2026-03-31T22:00:00Z',
      datenqualitaet: 'GUELTIGE_DATEN',
    }),
    pointer: '#/stammdaten/VERWENDUNGSZEITRAUM/0/zeitraumId',
    validValue: 1,
  },
  {
    kind: 'NETZNUTZUNGSVERTRAG',
    roles: ALL,
    item: bo('VERTRAG', {
      vertragsart: 'NETZNUTZUNGSVERTRAG',
      vertragspartner2: [{ boTyp: 'GESCHAEFTSPARTNER', geschaeftspartnerrolle: ['KUNDE', 1] }],
    }),
    pointer: '#/stammdaten/NETZNUTZUNGSVERTRAG/0/vertragspartner2/0/geschaeftspartnerrolle/1',
    validValue: 'RECHNUNGSEMPFAENGER',
  },
  {
    kind: 'ENERGIELIEFERVERTRAG',
    roles: ['LF', 'NB'],
    item: bo('VERTRAG', { vertragsart: 'ENERGIELIEFERVERTRAG', enFG: [{ grund: 'ENFG_SCHIENENBAHNEN' }] }),
    pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/enFG/0/grund',
    validValue: ['ENFG_SCHIENENBAHNEN'],
  },
  {
    kind: 'MESSSTELLENBETRIEBSVERTRAG',
    roles: ALL,
    item: bo('VERTRAG', { vertragsart: 'MESSSTELLENBETRIEBSVERTRAG', vertragskonditionen: { haushaltskunde: 'ja' } }),
    pointer: '#/stammdaten/MESSSTELLENBETRIEBSVERTRAG/0/vertragskonditionen/haushaltskunde',
    validValue: true,
  },
  {
    kind: 'BILANZIERUNG',
    roles: ALL,
    item: bo('BILANZIERUNG', { marktlokationsId: '51238490216', detailsPrognosegrundlage: [['TLP_TEP', 3]] }),
    pointer: '#/stammdaten/BILANZIERUNG/0/detailsPrognosegrundlage/0/1',
    validValue: 'SLP_SEP',
  },
  {
    kind: 'AD_HOC_STEUERKANAL',
    roles: ALL,
    item: bo('AD_HOC_STEUERKANAL', {
      zieladresse: { zieladresse1: 'cls.netz-musterstadt.example', zieladresse2: 443 },
    }),
    pointer: '#/stammdaten/AD_HOC_STEUERKANAL/0/zieladresse/zieladresse2',
    validValue: '443',
  },
  {
    kind: 'ANFRAGE',
    roles: ['LF', 'MSB'],
    // No nested field in any schema: the wrong field is a top-level one.
    item: bo('ANFRAGE', { anfragetyp: 'AENDERUNG_KONFIGURATION', lokationsId: 51238490216 }),
    pointer: '#/stammdaten/ANFRAGE/0/lokationsId',
    validValue: '51238490216',
  },
  {
    kind: 'ANGEBOT',
    roles: ['LF'],
    item: bo('ANGEBOT', {
      anfragereferenz: 'ORD402317',
      positionsdaten: [{ positionsbezeichnung: 'Konfiguration', artikelId: '1-01-6-005' }],
    }),
    pointer: '#/stammdaten/ANGEBOT/0/positionsdaten/0/artikelId',
    validValue: ['1-01-6-005'],
  },
  {
    kind: 'AUFTRAG',
    roles: ['LF', 'MSB'],
    item: bo('AUFTRAG', {
      ausfuehrungsdatum: '2026-03-31T22:00:00Z',
      positionsdaten: [{ positionsnummer: 1, startdatum: '2026-04-01' }],
    }),
    pointer: '#/stammdaten/AUFTRAG/0/positionsdaten/0/startdatum',
    validValue: '2026-03-31T22:00:00Z',
  },
  {
    kind: 'SCHALTZEITDEFINITION',
    roles: ['LF'],
    item: bo('SCHALTZEITDEFINITION', { schaltzeiten: [{ code: 'SZ01', konfigurationsprodukt: 9991000000721 }] }),
    pointer: '#/stammdaten/SCHALTZEITDEFINITION/0/schaltzeiten/0/konfigurationsprodukt',
    validValue: '9991000000721',
  },
  {
    kind: 'LEISTUNGSKURVENDEFINITION',
    roles: ['LF'],
    item: bo('LEISTUNGSKURVENDEFINITION', { leistungskurven: [{ code: 7, konfigurationsprodukt: '9991000000739' }] }),
    pointer: '#/stammdaten/LEISTUNGSKURVENDEFINITION/0/leistungskurven/0/code',
    validValue: 'LK07',
  },
  {
    kind: 'WERTE_NACH_TYP2',
    roles: ['LF'],
    item: bo('WERTE_NACH_TYP2', {
      messprodukt: '9991000000143',
      schwellwerte: [{ untererSchwellwert: 10, obererSchwellwert: true }],
    }),
    pointer: '#/stammdaten/WERTE_NACH_TYP2/0/schwellwerte/0/obererSchwellwert',
    validValue: 90,
  },
  {
    kind: 'STATUSMITTEILUNG',
    roles: ALL,
    item: bo('STATUSMITTEILUNG', {
      auftragsstatus: 'GEPLANT',
      positionsdaten: [{ positionsnummer: 1, allgemeineInformationen: { info1: false } }],
    }),
    pointer: '#/stammdaten/STATUSMITTEILUNG/0/positionsdaten/0/allgemeineInformationen/info1',
    validValue: 'Termin bestätigt',
  },
  {
    kind: 'STATUSBERICHT',
    roles: ['LF'],
    item: bo('STATUSBERICHT', {
      datumPruefung: '2026-04-15T13:05:00Z',
      uebertragungsdateiAntwort: [
        { datenaustauschreferenz: '402317', absenderUebertragungsdatei: { rollencodenummer: 9900512000004 } },
      ],
    }),
    pointer: '#/stammdaten/STATUSBERICHT/0/uebertragungsdateiAntwort/0/absenderUebertragungsdatei/rollencodenummer',
    validValue: '9900512000004',
  },
  {
    kind: 'ENERGIEMENGE',
    roles: ['LF'],
    item: bo('ENERGIEMENGE', {
      lokationsId: '51238490216',
      energieverbrauch: [
        {
          obiskennzahl: '1-1:1.8.0',
          wert: 1234.5,
          statuszusatzinformationen: [{ art: 'MESSWERTQUALITAET', status: 220 }],
        },
      ],
    }),
    pointer: '#/stammdaten/ENERGIEMENGE/0/energieverbrauch/0/statuszusatzinformationen/0/status',
    validValue: 'ENERGIEMENGE_EINGESETZT',
  },
  {
    kind: 'HANDELSUNSTIMMIGKEIT',
    roles: ['LF'],
    item: bo('HANDELSUNSTIMMIGKEIT', {
      nummer: 'HU-4711',
      begruendung: { hinweis: 'Rechnung korrekt', grund: ['ENFG_LANDSTROMANLAGEN', 7] },
    }),
    pointer: '#/stammdaten/HANDELSUNSTIMMIGKEIT/0/begruendung/grund/1',
    validValue: 'ENFG_ELEKTRISCH_ANGETRIEBENE_WAERMEPUMPEN',
  },
];
