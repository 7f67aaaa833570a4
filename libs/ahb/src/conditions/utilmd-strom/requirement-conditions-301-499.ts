import type { ConditionContext, ConditionEntry, Decider, Decision, UndecidableEntry } from '../condition-context';
import {
  absent,
  allOf,
  anyOf,
  codeIn,
  inSome,
  inThis,
  messageDateAtOrAfter,
  not,
  present,
  valuesAt,
  withBody,
} from '../vocabulary';

// ---------- local words ----------

/** EDIFACT code values as the middleware passes them (as in `codeIn`). */
const EDIFACT_CODE = /^[A-Z0-9]{1,3}$/;

function steps(path: string): string[] {
  return path.split('.').map((step) => step.replace(/\[\]$/, ''));
}

/**
 * `codeIn` for an enum-typed field: fulfilled when a value at `path` is one of `wanted` (code or enum name); not
 * fulfilled when there is none or every value is another EDIFACT code or one of the `others` spellings named here;
 * undecided for any other value.
 */
function valueIn(path: string, wanted: readonly string[], others: readonly string[]): Decider {
  const compiled = steps(path);
  return (context) => {
    const values = valuesAt(context.body, compiled);
    if (values.some((value) => typeof value === 'string' && wanted.includes(value))) return true;
    return values.every((value) => typeof value === 'string' && (others.includes(value) || EDIFACT_CODE.test(value)))
      ? false
      : undefined;
  };
}

/**
 * A boolean field that stands for a code (`enwg`: CAV+ZG8 = true): fulfilled when a value is `true` (or the string
 * `true`, or one of `trueCodes`); not fulfilled when there is none or every value is `false` (or `false`,
 * `falseCodes`); undecided otherwise.
 */
function isTrue(path: string, trueCodes: readonly string[] = [], falseCodes: readonly string[] = []): Decider {
  const compiled = steps(path);
  const truthy = (value: unknown): boolean =>
    value === true || (typeof value === 'string' && (value.toLowerCase() === 'true' || trueCodes.includes(value)));
  const falsy = (value: unknown): boolean =>
    value === false || (typeof value === 'string' && (value.toLowerCase() === 'false' || falseCodes.includes(value)));
  return (context) => {
    const values = valuesAt(context.body, compiled);
    if (values.some(truthy)) return true;
    return values.every(falsy) ? false : undefined;
  };
}

/** `inner`, but undecided when nothing is at `path` (the field that would tell is not filled). */
function known(path: string, inner: Decider): Decider {
  const filled = present(path);
  return (context) => (filled(context) ? inner(context) : undefined);
}

/** `inner`, but undecided when `doubt` is fulfilled (the data holds a sign that it may be mapped otherwise). */
function undecidedIf(doubt: Decider, inner: Decider): Decider {
  return (context) => (doubt(context) === true ? undefined : inner(context));
}

/**
 * "in derselben SG10" where the SG10 is one element of an array of the scope object: `inner` decided on every element
 * at `path`; fulfilled when it is for all, not fulfilled when it is for none (or there is none), undecided otherwise.
 */
function everyElement(path: string, inner: Decider): Decider {
  const compiled = steps(path);
  return (context) => {
    const elements = valuesAt(context.body, compiled);
    if (elements.length === 0) return false;
    const decisions: Decision[] = elements.map((element) => inner(withBody(context, element)));
    if (decisions.every((decision) => decision === true)) return true;
    if (decisions.every((decision) => decision === false)) return false;
    return undefined;
  };
}

/** STS+E01 (Status der Antwort): `antwortstatus`, or the per-period `antwortStatusZeitraum[].code`. */
function answerStatus(...codes: string[]): Decider {
  return anyOf(
    codeIn('transaktionsdaten.antwortstatus', ...codes),
    codeIn('transaktionsdaten.antwortStatusZeitraum[].code', ...codes),
  );
}

/** STS+7++xxx+Zxx: the Transaktionsgrundergänzung. */
function reasonSupplement(code: string): Decider {
  return codeIn('transaktionsdaten.transaktionsgrundergaenzung', code);
}

/**
 * SG5 LOC+Z16 / LOC+Z22 both become a MARKTLOKATION; only `marktlokationsTyp[].typ` (STANDARD_MARKTLOKATION /
 * RUHENDE_MARKTLOKATION, bo4e-mapping UTILMD_Strom lines 50/51) tells them apart. Fulfilled when some MARKTLOKATION is
 * of the wanted type; not fulfilled when there is none or every one is typed otherwise; undecided for an untyped one.
 */
const STANDARD_MALO = ['Z16', 'STANDARD_MARKTLOKATION'];
const RUHENDE_MALO = ['Z22', 'RUHENDE_MARKTLOKATION'];
function marktlokationOfType(wanted: readonly string[], others: readonly string[]): Decider {
  return inSome('MARKTLOKATION', known('marktlokationsTyp[].typ', valueIn('marktlokationsTyp[].typ', wanted, others)));
}

/** TECHNISCHE_RESSOURCE.art from SG10 CCI+Z17/Z50/Z56 (bo4e-mapping line 268). */
const TR_ART = { Z17: ['Z17', 'STROMVERBRAUCH'], Z50: ['Z50', 'STROMERZEUGUNG'], Z56: ['Z56', 'SPEICHER'] } as const;
function trArt(code: keyof typeof TR_ART): Decider {
  const others = Object.entries(TR_ART).flatMap(([key, spellings]) => (key === code ? [] : [...spellings]));
  return valueIn('art', TR_ART[code], others);
}

/** TECHNISCHE_RESSOURCE.inbetriebsetzungsdatum from CAV+ZH0/ZH1 (line 275; `INBETRIEBSETZUN_VOR_2024` as in a vendor sample). */
const INBETRIEBSETZUNG_NACH_2023 = ['ZH0', 'INBETRIEBSETZUNG_NACH_2023'];
const INBETRIEBSETZUNG_VOR_2024 = ['ZH1', 'INBETRIEBSETZUNG_VOR_2024', 'INBETRIEBSETZUN_VOR_2024'];

/** TECHNISCHE_RESSOURCE.einordnung from CAV+ZH2..ZH5 (line 276). */
const EINORDNUNG_OTHERS = [
  'ZH2',
  'ZH3',
  'ZH4',
  'WECHSELMOEGLICHKEIT_EINMALIG_NOCH_MOEGLICH',
  'WECHSELMOEGLICHKEIT_NICHT_MOEGLICH',
  'BEFRISTET_OHNE_WECHSELMOEGLICHKEIT',
];

/** ZAEHLER.zaehlertyp from SG10 CCI+++E13 CAV (line 316): every enum name but MODERNEMESSEINRICHTUNG. */
const ZAEHLERTYP_OTHERS = [
  'DREHSTROMZAEHLER',
  'WECHSELSTROMZAEHLER',
  'LEISTUNGSZAEHLER',
  'MAXIMUMZAEHLER',
  'ELEKTRONISCHERHAUSHALTSZAEHLER',
  'SONDERAUSSTATTUNG',
  'DREHKOLBENZAEHLER',
  'BALGENGASZAEHLER',
  'TURBINENRADGASZAEHLER',
  'ULTRASCHALLGASZAEHLER',
  'WIRBELGASZAEHLER',
];

/** A Smartmeter-Gateway among the ZAEHLER's `geraete` (RFF+Z14 of an OBIS or Steuerbox SG8, line 326). */
function hasGatewayDevice(context: ConditionContext): Decision {
  const types = [
    ...valuesAt(context.body, ['geraete', 'geraetetyp']),
    ...valuesAt(context.body, ['geraete', 'geraeteeigenschaften', 'geraetetyp']),
  ];
  return types.some((type) => type === 'SMARTMETERGATEWAY');
}

// ---------- the catalogue ----------

export const CONDITIONS_301_499: readonly ConditionEntry[] = [
  { key: 301, text: 'Wenn BGM+E03 (Änderungsmeldung) vorhanden', decide: codeIn('transaktionsdaten.kategorie', 'E03') },
  // MARKTLOKATION without marktlokationsTyp (e.g. PI 55035, where the vendor spec maps no type) stays undecided.
  {
    key: 309,
    text: 'Wenn SG5 LOC+Z22 (ruhende Marktlokation) nicht vorhanden',
    decide: not(marktlokationOfType(RUHENDE_MALO, STANDARD_MALO)),
  },
  {
    key: 313,
    text: 'Wenn DTM+137 (Nachrichtendatum) im DE2380 ≥ 202603312200?+00',
    decide: messageDateAtOrAfter('2026-03-31T22:00:00Z'),
    topic: 'time',
  },
  { key: 315, text: 'Wenn BGM+Z88 (Datenclearing) vorhanden', decide: codeIn('transaktionsdaten.kategorie', 'Z88') },
  // Used at the SG10 of SEQ+Z03/ZF5 (Zähleinrichtungsdaten), whose RFF+Z14 becomes ZAEHLER.gateway
  // (edifact-index `SG4.IDE+24.SG8.SEQ+ZF5.RFF+Z14`). A gateway among `geraete` (where the OBIS SG8's RFF+Z14 lands)
  // without `gateway` hints at another mapping: undecided.
  {
    key: 316,
    text: 'Wenn in derselben SG8 das RFF+Z14 (Smartmeter-Gateway) nicht vorhanden',
    decide: inThis(
      'ZAEHLER',
      allOf(
        absent('gateway'),
        undecidedIf(hasGatewayDevice, () => true),
      ),
    ),
  },
  // RFF+Z31 → standardisierteLokationsbuendelstruktur = true, lokationsbuendelstrukturId; RFF+Z39 → false (line 76).
  {
    key: 333,
    text: 'Wenn in diesem RFF "Referenz auf die Lokationsbündelstruktur" im DE1153 der Code Z31 "Lokationsbündelstruktur" vorhanden ist',
    decide: inThis('LOKATIONSBUENDEL', isTrue('standardisierteLokationsbuendelstruktur', ['Z31'], ['Z39'])),
  },
  // MESSLOKATION.messlokationsId comes from LOC+Z17 and, in the PIs using [345] (55035, 55690), from SG8 SEQ+ZF3
  // RFF+Z19, which refers to a Messlokation of SG5.
  {
    key: 345,
    text: 'Wenn SG5 LOC+Z17 (Messlokation) vorhanden',
    decide: present('stammdaten.MESSLOKATION[].messlokationsId'),
  },
  // edifact-index `SG4.IDE+24.SG8.SEQ+ZF5.SG10.CCI+++E13.CAV+[AHZ|WSZ|LAZ|MAZ|MME|EHZ|IVA]` → ZAEHLER.zaehlertyp.
  {
    key: 346,
    text: 'Wenn SG10 CCI+++E13 (Zählertyp) CAV+MME (mME) in dieser SG8 vorhanden',
    decide: inThis('ZAEHLER', valueIn('zaehlertyp', ['MME', 'MODERNEMESSEINRICHTUNG'], ZAEHLERTYP_OTHERS)),
  },
  {
    key: 347,
    text: 'Wenn SG5 LOC+Z16 (Marktlokation) nicht vorhanden',
    decide: not(marktlokationOfType(STANDARD_MALO, RUHENDE_MALO)),
  },
  // TRANCHE comes from LOC+Z21 (and SG8 RFF+Z20 references to it); no TRANCHE at all = no LOC+Z21.
  { key: 348, text: 'Wenn SG5 LOC+Z21 (Tranche) nicht vorhanden', decide: absent('stammdaten.TRANCHE') },
  // The PIs using [350] (55035, 55043, 55060, 55095, 55168, 55169) have only SEQ+Z78 or SEQ+ZD5 for LOKATIONSBUENDEL.
  {
    key: 350,
    text: 'Wenn SG8 SEQ+Z78/ZD5 RFF+Z31 (Referenz auf die Lokationsbündelstruktur) vorhanden',
    decide: inSome(
      'LOKATIONSBUENDEL',
      anyOf(present('lokationsbuendelstrukturId'), isTrue('standardisierteLokationsbuendelstruktur', ['Z31'], ['Z39'])),
    ),
  },
  {
    key: 351,
    text: 'Wenn SG4 STS+E01++A04/ A05 /A13 /A14 (Status der Antwort) vorhanden',
    decide: answerStatus('A04', 'A05', 'A13', 'A14'),
  },
  {
    key: 352,
    text: 'Wenn SG4 STS++A05/ A06/ A14 /A15 (Status der Antwort) vorhanden',
    decide: answerStatus('A05', 'A06', 'A14', 'A15'),
  },
  { key: 355, text: 'Wenn SG4 STS+E01++A45 (Status der Antwort) vorhanden', decide: answerStatus('A45') },
  { key: 356, text: 'Wenn SG4 STS+E01++A50 (Status der Antwort) vorhanden', decide: answerStatus('A50') },
  {
    key: 357,
    text: 'Wenn SG4 STS+E01++A03/ A09/ A12/ A17 (Status der Antwort) vorhanden',
    decide: answerStatus('A03', 'A09', 'A12', 'A17'),
  },
  { key: 358, text: 'Wenn SG4 STS+E01++A06 (Status der Antwort) vorhanden', decide: answerStatus('A06') },
  { key: 363, text: 'Wenn SG4 STS+E01++A50 (Status der Antwort) vorhanden', decide: answerStatus('A50') },
  { key: 367, text: 'Wenn SG4 STS+E01++A05/ A14 (Status der Antwort) vorhanden', decide: answerStatus('A05', 'A14') },
  // CCI+Z37++ZD1/ZD2 → TRANCHE.bildungTranchengroesse PROZENTUAL/AUFTEILUNGSFAKTOR (line 236).
  {
    key: 384,
    text: 'Wenn in derselben SG8 SG10 CCI+Z37++ZD1 (Basis zur Bildung der Tranchengröße) (Prozentual) vorhanden',
    decide: inThis('TRANCHE', valueIn('bildungTranchengroesse', ['ZD1', 'PROZENTUAL'], ['ZD2', 'AUFTEILUNGSFAKTOR'])),
  },
  {
    key: 437,
    text: 'Wenn in dieser SG4 das STS+E01++A04 / A23 (Status der Antwort) vorhanden',
    decide: answerStatus('A04', 'A23'),
  },
  // PIA+5 of SEQ+Z60/ZE0/ZG8/ZG9 (Produkt-Daten der Netzlokation) → NETZLOKATION.konfigurationsprodukt.
  {
    key: 444,
    text: 'Wenn in derselben SG8 (Produkt-Daten der Netzlokation) das PIA+5 (Produkt-Daten der Netzlokation) nicht vorhanden',
    decide: inThis('NETZLOKATION', absent('konfigurationsprodukt')),
  },
  // SG10 CCI+11++ZF6 of the same SG8 → NETZLOKATION.keinKonfigurationsprodukt = true (line 110).
  {
    key: 445,
    text: 'Wenn in derselben SG8 (Produkt-Daten der Netzlokation) das SG10 CCI+11 (Details zum Produkt der Netzlokation) nicht vorhanden',
    decide: inThis('NETZLOKATION', not(isTrue('keinKonfigurationsprodukt', ['ZF6']))),
  },
  {
    key: 446,
    text: 'Wenn in derselben SG8 das CCI+Z17 (Stromverbrauchsart) vorhanden',
    decide: inThis('TECHNISCHE_RESSOURCE', trArt('Z17')),
  },
  {
    key: 447,
    text: 'Wenn in derselben SG8 das CCI+Z50 (Stromerzeugungsart) vorhanden',
    decide: inThis('TECHNISCHE_RESSOURCE', trArt('Z50')),
  },
  {
    key: 448,
    text: 'Wenn in derselben SG8 das CCI+Z56 (Speicher) vorhanden',
    decide: inThis('TECHNISCHE_RESSOURCE', trArt('Z56')),
  },
  // CAV+ZG8/ZG9 → TECHNISCHE_RESSOURCE.enwg true/false (line 274); the TR has one SG10 CCI+Z17/Z50/Z56.
  {
    key: 461,
    text: 'Wenn in derselben SG10 das CCI (Art und Nutzung der Technischen Ressource) im CAV+ZG8 (Technischen Ressource fällt unter § 14a EnWG) vorhanden',
    decide: inThis('TECHNISCHE_RESSOURCE', isTrue('enwg', ['ZG8'], ['ZG9'])),
  },
  {
    key: 462,
    text: 'Wenn in derselben SG10 das CCI+Z17 (Stromverbrauchsart) im CAV+ZH1 (Inbetriebsetzung der TR vor 2024) vorhanden',
    decide: inThis(
      'TECHNISCHE_RESSOURCE',
      allOf(trArt('Z17'), valueIn('inbetriebsetzungsdatum', INBETRIEBSETZUNG_VOR_2024, INBETRIEBSETZUNG_NACH_2023)),
    ),
  },
  // SEQ+Z75 SG10 CCI+Z61 → ENERGIELIEFERVERTRAG.enFG[].grundlageVerringerungUmlagen (line 493); each enFG element is
  // one SG10, so the object decides only when all its elements agree.
  {
    key: 463,
    text: 'Wenn in derselben SG10 das CCI+Z61++ZF9 (Kunde erfüllt die Voraussetzung nach EnFG) vorhanden',
    decide: inThis(
      'ENERGIELIEFERVERTRAG',
      everyElement(
        'enFG[]',
        valueIn(
          'grundlageVerringerungUmlagen',
          ['ZF9', 'ERFUELLT_VORAUSSETZUNG_NACH_ENFG'],
          ['ZG0', 'ZG1', 'ERFUELLT_NICHT_VORAUSSETZUNG_NACH_ENFG', 'KEINE_ANGABE'],
        ),
      ),
    ),
  },
  // RFF+Z38 → referenzSteuerbareRessource; vendor samples also write `referenzSR`.
  {
    key: 465,
    text: 'Wenn in derselben SG8 (Daten der Technischen Ressource) das RFF+Z38 (Referenz auf die der Technischen Ressource zugeordnete Steuerbare Ressource) vorhanden ist',
    decide: inThis('TECHNISCHE_RESSOURCE', anyOf(present('referenzSteuerbareRessource'), present('referenzSR'))),
  },
  {
    key: 466,
    text: 'Wenn in derselben SG8 (Daten der Technischen Ressource) das RFF+Z32 (Referenz auf die der Technischen Ressource zugeordneten Netzlokation) vorhanden ist',
    decide: inThis('TECHNISCHE_RESSOURCE', present('referenzNetzlokation')),
  },
  {
    key: 467,
    text: 'Wenn in derselben SG8 (Daten der Technischen Ressource) das CAV+ZG8 (Technischen Ressource fällt unter § 14a EnWG) vorhanden ist',
    decide: inThis('TECHNISCHE_RESSOURCE', isTrue('enwg', ['ZG8'], ['ZG9'])),
  },
  {
    key: 468,
    text: 'Wenn in derselben SG8 (Daten der Technischen Ressource) das SG10 CAV+ZH0 (Inbetriebsetzung der TR nach 2023) vorhanden ist',
    decide: inThis(
      'TECHNISCHE_RESSOURCE',
      valueIn('inbetriebsetzungsdatum', INBETRIEBSETZUNG_NACH_2023, INBETRIEBSETZUNG_VOR_2024),
    ),
  },
  {
    key: 469,
    text: 'Wenn in derselben SG8 (Daten der Technischen Ressource) das SG10 CAV+ZH1 (Inbetriebsetzung der TR vor 2024) vorhanden ist',
    decide: inThis(
      'TECHNISCHE_RESSOURCE',
      valueIn('inbetriebsetzungsdatum', INBETRIEBSETZUNG_VOR_2024, INBETRIEBSETZUNG_NACH_2023),
    ),
  },
  // CAV+ZH2..ZH5 → TECHNISCHE_RESSOURCE.einordnung (line 276).
  {
    key: 470,
    text: 'Wenn in derselben SG8 (Daten der Technischen Ressource) das CAV+ZH5 (Wechsel in das in das § 14a EnWG-Modell gem. Festlegung BK6-22-300 wurde durchgeführt) vorhanden ist',
    decide: inThis(
      'TECHNISCHE_RESSOURCE',
      valueIn('einordnung', ['ZH5', 'WECHSEL_WURDE_DURCHGEFUEHRT'], EINORDNUNG_OTHERS),
    ),
  },
  {
    key: 476,
    text: 'Wenn SG4 STS+7++xxx+ZW0 (Transaktionsgrundergänzung Geschäftsvorfall 1) vorhanden',
    decide: reasonSupplement('ZW0'),
  },
  {
    key: 477,
    text: 'Wenn SG4 STS+7++xxx+ZW1 (Transaktionsgrundergänzung Geschäftsvorfall 2) vorhanden',
    decide: reasonSupplement('ZW1'),
  },
  {
    key: 478,
    text: 'Wenn SG4 STS+7++xxx+ZW2 (Transaktionsgrundergänzung Geschäftsvorfall 3) vorhanden',
    decide: reasonSupplement('ZW2'),
  },
  {
    key: 479,
    text: 'Wenn SG4 STS+7++xxx+ZW3 (Transaktionsgrundergänzung Erzeugende Marktlokation) vorhanden',
    decide: reasonSupplement('ZW3'),
  },
  {
    key: 480,
    text: 'Wenn SG4 STS+7++xxx+ZW4 (Transaktionsgrundergänzung Verbrauchende Marktlokation) vorhanden',
    decide: reasonSupplement('ZW4'),
  },
  {
    key: 481,
    text: 'Wenn SG4 STS+7++xxx+ZW5 (Transaktionsgrundergänzung Tranche) vorhanden',
    decide: reasonSupplement('ZW5'),
  },
  {
    key: 483,
    text: 'Wenn SG4 STS+7++xxx+ZW7 (Transaktionsgrundergänzung Gemessene Marktlokation) vorhanden',
    decide: reasonSupplement('ZW7'),
  },
  {
    key: 484,
    text: 'Wenn SG4 STS+7++xxx+ZW8 (Transaktionsgrundergänzung Fall1) vorhanden',
    decide: reasonSupplement('ZW8'),
  },
  {
    key: 487,
    text: 'Wenn SG4 STS+7++xxx+ZX1 (Transaktionsgrundergänzung Fall4) vorhanden',
    decide: reasonSupplement('ZX1'),
  },
];

const ZEITRAUM_REFERENCE = 'Zeitraum-ID cross-reference between segment groups';
const CODE_LIST = 'needs the OBIS code list';
const ORDER = 'needs the order (another message)';
const RFF_LEVEL = 'qualifier of one RFF inside a LOKATIONSBUENDEL.zuordnungObjectcode element, not a stammdaten scope';
const PIA_LEVEL =
  'format of one PIA (a netznutzungsabrechnungsdaten element) choosing its own qualifier (artikelIdTyp): a value constraint below the scope';

export const UNDECIDABLE_301_499: readonly UndecidableEntry[] = [
  {
    key: 306,
    text: 'Wenn SG5 LOC+Z22 (ruhende Marktlokation) mit derselben Zeitraum-ID im DE3224 vorhanden wie in dieser SG8 im DE1050 (Referenz auf Zeitraum-ID) des SEQ+Z58',
    reason: ZEITRAUM_REFERENCE,
  },
  {
    key: 307,
    text: 'Wenn SG5 LOC+Z22 (ruhende Marktlokation) mit derselben Zeitraum-ID im DE3224 nicht vorhanden wie in dieser SG8 im DE1050 (Referenz auf Zeitraum-ID) des SEQ+Z58',
    reason: ZEITRAUM_REFERENCE,
  },
  {
    key: 314,
    text: 'Es sind alle OBIS-Kennzahlen gem. Codeliste der OBIS-Kennzahlen und Medien Kapitel 3 anzugeben welche an der Marktlokation erforderlich sind. Der Mindestumfang der OBIS-Kennzahlen ergibt sich aus den genannten Messprodukt-Codes dem Kapitel 5.1 des Dokumentes Codeliste der Konfigurationen',
    reason: 'value constraint',
  },
  {
    key: 321,
    text: 'Wenn im DE3155 in demselben COM der Code EM vorhanden ist',
    reason:
      'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope',
  },
  {
    key: 322,
    text: 'Wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist',
    reason:
      'qualifier of one COM of the sender contact (implied by eMailAdresse vs rufnummern), not a stammdaten scope',
  },
  {
    key: 323,
    text: 'Es sind alle OBIS-Kennzahlen gem. EDI@Energy Codeliste der OBIS-Kennzahlen und Medien für den deutschen Energiemarkt Kap. 3. anzugeben, welche an der Zähleinrichtung genutzt werden. Der Mindestumfang der OBIS-Kennzahlen ergibt sich aus den genannten Messprodukt-Codes dem Kap. 5.1 des Dokumentes "Codeliste der Konfigurationen"',
    reason: 'value constraint',
  },
  {
    key: 332,
    text: 'Wenn im SG8 SEQ+Z01 (Daten der Marktlokation) mit identischer Zeitraum-ID im DE1050 wie in dieser SG8, das SG10 CCI+6++ZA9 (Aggreg. verantw. ÜNB) nicht vorhanden',
    reason: ZEITRAUM_REFERENCE,
  },
  {
    key: 335,
    text: 'Wenn in dieser SG8 im SEQ+Z58 (Zuordnung Lokation zum Objektcode des Lokationsbündels) im DE1050 eine Zeitraum-ID angegeben wird, wie in einer SG8 SEQ+Z78 RFF+Z31 (Referenz auf die Lokationsbündelstruktur) im DE1154',
    reason: ZEITRAUM_REFERENCE,
  },
  { key: 336, text: 'Wenn in Änderungsmeldung gefüllt', reason: 'refers to another message (the Änderungsmeldung)' },
  { key: 359, text: 'Es sind nur Antwortcodes aus dem Cluster Ablehnung erlaubt', reason: 'value constraint' },
  { key: 360, text: 'Es sind nur Antwortcodes aus dem Cluster Zustimmung erlaubt', reason: 'value constraint' },
  {
    key: 366,
    text: 'Bis auf den Code A30 sind alle Codes aus EBD E_0624 im Cluster Ablehnung erlaubt',
    reason: 'value constraint',
  },
  {
    key: 368,
    text: 'Bis auf den Code A41 sind alle Codes aus EBD E_0624 im Cluster Ablehnung erlaubt',
    reason: 'value constraint',
  },
  {
    key: 386,
    text: 'Wenn mehr als eine SG8 SEQ+Z02/ ZE3 (OBIS-Daten der Marktlokation) mit einer OBIS-Kennzahl für Energiemenge im PIA+5 vorhanden',
    reason: CODE_LIST,
  },
  {
    key: 387,
    text: 'Wenn in derselben SG8 (OBIS-Daten der Marktlokation) eine OBIS-Kennzahl für Energiemenge im PIA+5 vorhanden und es sich lt. Codeliste OBIS um eine OBIS mit zugeordneter Zählzeit handelt (Tarif: e = 1 .. 62)',
    reason: CODE_LIST,
  },
  {
    key: 388,
    text: 'Segmentgruppe ist mindesten einmal für jede Zeitraum-ID aus dem DE1156 der SG6 RFF+Z49 (Verwendungszeitraum der Daten: "Gültige Daten") anzugeben, wenn in diesem Zeitraum Blindarbeit bzw. -leistung an der Netzlokation zu erfassen ist.',
    reason: 'per Zeitraum-ID of SG6 and a fact outside the message (Blindarbeit to be measured)',
  },
  { key: 392, text: 'Wenn in diesem PIA der Code im Format n1-n2-n1 angegeben ist', reason: PIA_LEVEL },
  { key: 393, text: 'Wenn in diesem PIA der Code im Format n1-n2-n1-n3 angegeben ist', reason: PIA_LEVEL },
  { key: 394, text: 'Wenn in diesem PIA der Code im Format n1-n2-n1-n8-n2 angegeben ist', reason: PIA_LEVEL },
  { key: 395, text: 'Wenn in diesem PIA der Code im Format n1-n2-n1-n8 angegeben ist', reason: PIA_LEVEL },
  {
    key: 396,
    text: 'Wenn in derselben SG8 SEQ+Z02/ ZA1/ ZA2 (OBIS-Daten der Marktlokation) eine OBIS-Kennzahl für Wirkarbeit und 1/4 Stunde im PIA+5 vorhanden',
    reason: CODE_LIST,
  },
  { key: 397, text: 'Wenn in diesem PIA der Code im DE7140 mit 1-08-1/1-08-4 beginnt', reason: PIA_LEVEL },
  { key: 398, text: 'Wenn in diesem PIA der Code im DE7140 mit 1-08-2/1-08-5 beginnt', reason: PIA_LEVEL },
  {
    key: 399,
    text: 'Wenn im SG8 SEQ+Z78 mit identischer Zeitraum-ID im DE1050 wie im DE3224 dieses Segments, das RFF+Z31 (Lokationsbündelstruktur) im DE1153 der Code Z31 (Lokationsbündelstruktur) vorhanden, und im DE1154 (ID der Lokationsbündelstruktur) ein Code vorhanden ist welcher nicht der Code 9992 00000 001 8 ist.',
    reason: ZEITRAUM_REFERENCE,
  },
  {
    key: 401,
    text: 'Wenn dieses DTM+Z25 (Verwendung der Daten ab) nicht im SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ Keine Daten) mit der Zeitraum ID "1" im DE1156 ist, muss das Datum dem DTM+Z26 (Verwendung der Daten bis) des SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ Keine Daten) mit der nächst niedrigeren Zeitraum ID im DE1156 entsprechen',
    reason: 'value constraint across Zeitraum-IDs of SG6',
  },
  {
    key: 402,
    text: 'Wenn in derselben SG8 (OBIS-Daten der Zähleinrichtung / Smartmeter-Gateway) eine OBIS-Kennzahl der Werteart "Zählerstand" im PIA+5 vorhanden',
    reason: CODE_LIST,
  },
  {
    key: 412,
    text: 'Es sind ausschließlich Konfigurationsprodukt-Codes der "EDI@Energy Codeliste der Konfigurationen" aus Kapitel 4.2 Konfigurationsprodukte Leistungskurvendefinition erlaubt',
    reason: 'value constraint',
  },
  {
    key: 420,
    text: 'Wenn in dieser SG8 das RFF+Z14 (Smartmeter-Gateway) vorhanden ist',
    reason:
      'RFF+Z14 of the OBIS SG8 lands in ZAEHLER.gateway or ZAEHLER.geraete, shared with the Zähleinrichtungs- and Steuerbox-SG8s',
  },
  {
    key: 421,
    text: 'Wenn in dieser SG8 das SG10 CCI+Z39 (Zugeordnete Zählzeitdefinition) vorhanden ist',
    reason: 'this SG8 is one OBIS entry (a zaehlwerk) of the MARKTLOKATION; the scope cannot tell which',
  },
  {
    key: 440,
    text: 'Wenn in demselben RFF der Code Z35 (vorgelagerte Netzlokation) im DE1153 vorhanden',
    reason: RFF_LEVEL,
  },
  {
    key: 441,
    text: 'Wenn im SG8+SEQ+Z03/ ZF5 (Zähleinrichtungsdaten) für die in diesem RFF DE1154 genannte Gerätenummer eines Zählers das RFF+Z14 (Referenz auf das Smartmeter-Gateway) nicht vorhanden ist',
    reason: 'cross-reference by Gerätenummer between SG8s that merge into ZAEHLER',
  },
  {
    key: 442,
    text: 'Wenn in demselben RFF der Code Z34 (vorgelagerte Messlokation) im DE1153 vorhanden',
    reason: RFF_LEVEL,
  },
  { key: 450, text: 'Wenn in demselben RFF der Code Z32 (Netzlokation) im DE1153 vorhanden', reason: RFF_LEVEL },
  { key: 451, text: 'Wenn in demselben RFF der Code Z18 (Marktlokation) im DE1153 vorhanden', reason: RFF_LEVEL },
  { key: 452, text: 'Wenn in demselben RFF der Code Z19 (Messlokation) im DE1153 vorhanden', reason: RFF_LEVEL },
  {
    key: 453,
    text: 'Wenn bei der Bestellung ein Messprodukt der Codeliste der Konfigurationen aus dem Kapitel 4.4 mit dem Auslöser „Bei Schwellwertunter-/ -überschreitung“ mit selbständiger Änderungsmöglichkeit bestellt wurde',
    reason: ORDER,
  },
  {
    key: 456,
    text: 'Wenn in demselben RFF der Code Z37 (Technische Ressource) im DE1153 vorhanden',
    reason: RFF_LEVEL,
  },
  { key: 457, text: 'Wenn bei der Bestellung das Messprodukten 9991000001498 bestellt wurde', reason: ORDER },
  { key: 458, text: 'Wenn bei der Bestellung das Konfigurationsprodukte 9991000000739 bestellt wurde', reason: ORDER },
  {
    key: 459,
    text: 'Wenn bei der Bestellung ein Messprodukt der Codeliste der Konfigurationen aus dem Kapitel 4.4 mit dem Übertragungsweg "CLS-Direkt aus dem SMGW" bestellt wurde',
    reason: ORDER,
  },
  {
    key: 460,
    text: 'Wenn bei der Bestellung ein Messprodukt der Codeliste der Konfigurationen aus dem Kapitel 4.4 mit dem Übertragungsweg "aus dem SMGW" bestellt wurde',
    reason: ORDER,
  },
  {
    key: 471,
    text: 'Wenn im selben SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ Keine Daten) im DE1156 (Zeitraum-ID) eine Zeitraum ID genannt ist, die kleiner ist als in einem anderen SG6 RFF+Z49/ Z53 (Verwendungszeitraum der Daten: Gültige Daten/ Keine Daten) DE1156 (Zeitraum-ID)',
    reason: 'compares Zeitraum-IDs of repeated SG6 groups',
  },
  {
    key: 472,
    text: 'Wenn im selben SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ Keine Daten erwartet) im DE1156 (Zeitraum-ID) eine Zeitraum ID genannt ist, die kleiner ist als in einem anderen SG6 RFF+Z48/ Z55 (Verwendungszeitraum der Daten: Erwartete Daten/ Keine Daten erwartet) DE1156 (Zeitraum-ID)',
    reason: 'compares Zeitraum-IDs of repeated SG6 groups',
  },
  {
    key: 473,
    text: 'Wenn im selben SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System vorhandene Daten/ Im System keine Daten vorhanden) im DE1156 (Zeitraum-ID) eine Zeitraum ID genannt ist, die kleiner ist als in einem anderen SG6 RFF+Z47/ Z54 (Verwendungszeitraum der Daten: Im System vorhandene Daten/ Im System keine Daten vorhanden) DE1156 (Zeitraum-ID)',
    reason: 'compares Zeitraum-IDs of repeated SG6 groups',
  },
  {
    key: 489,
    text: 'Nur bei dem ältesten Zeitraum welcher mit SG6 RFF+Z49 (Verwendungszeitraum der Daten: Gültige Daten) beschrieben ist',
    reason: 'compares Zeitraum-IDs of repeated SG6 groups',
  },
  {
    key: 494,
    text: 'Das hier genannte Datum muss der Zeitpunkt sein, zu dem das Dokument erstellt wurde, oder ein Zeitpunkt, der davor liegt',
    reason: 'value constraint (checked as a time condition by the evaluator)',
  },
];
