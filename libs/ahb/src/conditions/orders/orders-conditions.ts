import { MALO_ID_PATTERN } from '@maco/domain';
import {
  type ConditionEntry,
  type Decider,
  type Decision,
  TABLE_ONLY_REASON,
  type UndecidableEntry,
} from '../condition-context';
import {
  absent,
  allOf,
  anyOf,
  everyElement,
  inThis,
  not,
  present,
  receiverRole,
  senderRole,
  valuesOf,
} from '../vocabulary';

/*
 * Requirement conditions of the ORDERS (17xxx) and ORDCHG (39xxx) AHBs, FV2510 and FV2604 (their texts agree). Paths
 * follow the vendor's per-PI specs (pruefi/202604/ORDERS, /ORDCHG); enum-typed fields are matched in both spellings
 * (EDIFACT code and BO4E enum name, pairs from the BO4E mapping CSV).
 */

// ---------- local words ----------

/** An enum-typed field's code → BO4E enum name pairs (from the mapping CSV). */
type Spellings = Readonly<Record<string, string>>;

/**
 * Fulfilled when a value at `path` is one of `codes` (in either spelling of `spellings`); not fulfilled when every
 * value is another spelling the table knows; `none` when nothing is there (undecided for a segment the message must
 * carry: a missing field then says nothing); undecided for unfamiliar values.
 */
function coded(path: string, spellings: Spellings, codes: readonly string[], none: Decision): Decider {
  const wanted = new Set(codes.flatMap((code) => [code, spellings[code]]));
  const known = new Set(Object.entries(spellings).flat());
  return (context) => {
    const values = valuesOf(context.body, path);
    if (values.length === 0) return none;
    if (values.some((value) => typeof value === 'string' && wanted.has(value))) return true;
    return values.every((value) => typeof value === 'string' && known.has(value)) ? false : undefined;
  };
}

/** Fulfilled when something is at one of `paths`. */
function anyPresent(...paths: string[]): Decider {
  return anyOf(...paths.map((path) => present(path)));
}

/** "im selben SG2 …" for a segment group that lands in different business objects: `cases` by stammdaten key. */
function byScope(cases: Readonly<Record<string, Decider>>): Decider {
  return (context) => {
    const key = context.scope?.key;
    if (key === undefined || !Object.hasOwn(cases, key)) return undefined;
    return inThis(key, cases[key])(context);
  };
}

/**
 * NAD+MR "mit Rolle …": the booking service's role, unless the PI's direction names that role as the sender. The
 * catalogue lists most ORDERS under the role that sends them (LF update 17102, 17123: `LF → NB, LF → MSB`); NAD+MR
 * then names the other party, whose role the body does not carry.
 */
function recipient(...roles: string[]): Decider {
  const receives = receiverRole(...roles);
  return (context) => (context.senderRoles.includes(context.receiverRole) ? undefined : receives(context));
}

const RECEIVER_MSB = recipient('MSB');

const LF = ['LF', 'LFA', 'LFN'];
const NB = ['NB', 'NBA', 'NBN'];
const MSB = ['MSB', 'MSBA', 'MSBN'];

// ---------- spellings (BO4E mapping CSV, 2604) ----------

/** BGM DE1001 → ANFRAGE[].anfragekategorie (the codes of ORDERS and ORDCHG). */
const ANFRAGEKATEGORIE: Spellings = {
  '7': 'PROZESSDATENBERICHT',
  E40: 'BILANZKREISZUORDNUNGSLISTE',
  Z05: 'CLEARINGLISTE',
  BK: 'ZEITREIHEN_IM_RAHMEN_BILANZKREISABRECHNUNG',
  Z10: 'GERAETEUEBERNAHME',
  Z11: 'WEITERVERPFLICHTUNG_BETRIEB_MELO',
  Z12: 'AENDERUNG_DER_TECHNIK_DER_LOKATION',
  Z13: 'GERAETEWECHSELABSICHT',
  Z14: 'STAMMDATEN_MALO_ODER_MELO',
  Z19: 'NORMIERTES_PROFIL_PROFILSCHAR',
  Z23: 'BILANZIERTE_MENGE_MEHR_MINDER_MENGEN',
  Z24: 'ALLOKATIONSLISTE_MEHR_MINDER_MENGEN',
  Z28: 'ENERGIEMENGE_UND_LEISTUNGSMAXIMUM',
  Z29: 'ABRECHNUNG_MESSSTELLENBETRIEB_MSB_AN_LF',
  Z30: 'AENDERUNG_PROGNOSEGRUNDLAGE_GERAETEKONFIGURATION',
  Z31: 'AENDERUNG_GERAETEKONFIGURATION',
  Z34: 'REKLAMATION_VON_WERTEN',
  Z45: 'REDISPATCH_EINZELZEITREIHE_AUSFALLARBEIT',
  Z48: 'LASTGANG_MALO_TRANCHE',
  Z51: 'SPERRUNG',
  Z52: 'ENTSPERRUNG',
  Z53: 'AENDERUNG_KONZESSIONSABGABE',
  Z55: 'REKLAMATION_DEFINITION',
  Z56: 'AENDERUNG_INDIVIDUELLER_KONFIGURATION',
  Z57: 'UEBERMITTLUNG_WERTE_AN_ESA',
  Z58: 'REKLAMATION_PROFIL_PROFILSCHAR',
  Z61: 'STAMMDATEN_MALO',
  Z62: 'STAMMDATEN_MELO',
  Z63: 'STAMMDATEN_TRANCHE',
  Z68: 'AENDERUNG',
  Z72: 'BEENDIGUNG_EINER_KONFIGURATION',
  Z73: 'BESTELLUNG_EINER_KONFIGURATION',
  Z74: 'BESTELLUNG_EINES_ANGEBOTS_EINER_KONFIGURATION',
  Z76: 'REKLAMATION_EINER_KONFIGURATION',
  Z91: 'BESTELLUNG_AENDERUNG_ABRECHNUNGSDATEN',
  Z92: 'EINRICHTUNG_KONFIGURATION_AUFGRUND_ZUORDNUNG_LF',
  Z93: 'BESTELLUNG_ANGEBOT_AENDERUNG_TECHNIK_LOKATION',
};

/** IMD DE7081 → ANFRAGE[].anfragetyp. */
const ANFRAGETYP: Spellings = {
  Z10: 'ABRECHNUNGSBRENNWERT_UND_ZUSTANDSZAHL',
  Z11: 'LASTGANGDATEN',
  Z12: 'ZAEHLERSTAENDE',
  Z13: 'WERTEERMITTLUNG',
  Z35: 'ENERGIEMENGE_EINZELWERT',
  Z53: 'INNERHALB_DER_ARBEITSZEIT',
  Z54: 'AUCH_AUSSERHALB_DER_ARBEITSZEIT',
  Z55: 'AENDERUNG_KONFIGURATION',
  Z57: 'ABBESTELLUNG_ZAEHLZEITEN',
  Z58: 'WECHSEL_SAEMTLICHER_EINRICHTUNGEN',
  Z59: 'TEILWEISER_WECHSEL',
  Z60: 'ABBESTELLUNG_MESSPRODUKT',
  Z66: 'BEENDIGUNG_KONFIGURATION',
  Z67: 'AKTIVIERUNG_KONFIGURATION',
};

/** SG29 FTX DE4451 → REKLAMATION[].reklamationsgrund. */
const REKLAMATIONSGRUND: Spellings = {
  Z04: 'WERTE_ZU_HOCH',
  Z05: 'WERTE_ZU_NIEDRIG',
  Z06: 'WERTE_FEHLEN',
  Z07: 'UEBERSICHT_FEHLT',
  Z08: 'UEBERSICHT_UNPLAUSIBEL',
  Z09: 'AUSGEROLLTE_DEFINITION_FEHLT',
  Z10: 'AUSGEROLLTE_DEFINITION_UNPLAUSIBEL',
  Z19: 'KONFIGURATION_WIRKT_NICHT',
  Z20: 'KONFIGURATION_WIRKT_TEILWEISE',
  Z21: 'WERTE_WERDEN_NICHT_NACH_VORGABEN_UEBERMITTELT',
};

/** SG29 LIN DE1229 → AUFTRAG[].positionsdaten[].definitionsTyp. */
const DEFINITIONSTYP: Spellings = { Z42: 'ZAEHLZEIT', Z69: 'SCHALTZEIT', Z70: 'LEISTUNGSKURVEN' };

/** SG29 IMD DE7081 → AUFTRAG[].positionsdaten[].anfragegrund. */
const ANFRAGEGRUND: Spellings = {
  Z46: 'ABGRENZUNG_VON_ENERGIEMENGEN',
  Z47: 'ABGRENZUNG',
  Z48: 'WECHSELEREIGNIS',
  Z49: 'ZWISCHENABLESUNG',
  Z61: 'DIREKTER_VERTRAG_MSB_AN',
  Z62: 'DIREKTER_VERTRAG_MSB_ANN',
  Z63: 'AENDERUNG_IM_LOKATIONSBUENDEL',
  Z64: 'NEUKONFIGURATION',
  Z65: 'KONFIGURATION_UNVERAENDERT',
};

/** SG30 CCI+++ DE7037 (Geräteart) → ZAEHLER[].geraete[].geraeteeigenschaften.geraetetyp. */
const GERAETEART: Spellings = {
  Z25: 'WANDLER',
  Z26: 'KOMMUNIKATIONSEINRICHTUNG',
  Z27: 'TECHNISCHESTEUEREINRICHTUNG',
  Z64: 'MENGENUMWERTER',
  Z75: 'SMARTMETERGATEWAY',
  Z76: 'STEUERBOX',
  ZD4: 'OPTIONALE_ZUS_ZAEHLEINRICHTUNG',
};

// ---------- shared pieces ----------

const ANFRAGEKATEGORIE_PATH = 'stammdaten.ANFRAGE[].anfragekategorie';
const ANFRAGETYP_PATH = 'stammdaten.ANFRAGE[].anfragetyp';
const REKLAMATIONSGRUND_PATH = 'stammdaten.REKLAMATION[].reklamationsgrund';

/** BGM is in every message: without `anfragekategorie` its code is unknown, not absent. */
function bgm(...codes: string[]): Decider {
  return coded(ANFRAGEKATEGORIE_PATH, ANFRAGEKATEGORIE, codes, undefined);
}

function ftx(...codes: string[]): Decider {
  return coded(REKLAMATIONSGRUND_PATH, REKLAMATIONSGRUND, codes, false);
}

/** Header IMD → ANFRAGE[].anfragetyp; `none` as for `coded` (the IMD is mandatory in some PIs, optional in others). */
function imd(codes: readonly string[], none: Decision): Decider {
  return coded(ANFRAGETYP_PATH, ANFRAGETYP, codes, none);
}

function lin(...codes: string[]): Decider {
  return coded('stammdaten.AUFTRAG[].positionsdaten[].definitionsTyp', DEFINITIONSTYP, codes, undefined);
}

const SG29_IMD_Z46 = coded('stammdaten.AUFTRAG[].positionsdaten[].anfragegrund', ANFRAGEGRUND, ['Z46'], undefined);

/** LOC+172 (Meldepunkt) → ANFRAGE[].lokationsId, REKLAMATION[].lokationsId in 17113. */
const MELDEPUNKT_ABSENT = allOf(
  absent('stammdaten.ANFRAGE[].lokationsId'),
  absent('stammdaten.REKLAMATION[].lokationsId'),
);

/** SG29 DTM+163 → REKLAMATION[].zeitraumMesswertanfrage.startdatum (17113), AUFTRAG[].positionsdaten[].startdatum. */
const DTM_163_ABSENT = allOf(
  absent('stammdaten.REKLAMATION[].zeitraumMesswertanfrage.startdatum'),
  absent('stammdaten.AUFTRAG[].positionsdaten[].startdatum'),
);

/** NAD+Z03 (Messlokationsadresse) → MESSLOKATION[].messadresse. */
const MESSADRESSE_ABSENT = absent('stammdaten.MESSLOKATION[].messadresse');

/** NAD DE3124 (C058, five times) → <address>.zusatzInformation.zusatz1..5. */
function additionalInfoAbsent(address: string): Decider {
  return not(anyPresent(...[1, 2, 3, 4, 5].map((n) => `${address}.zusatzInformation.zusatz${n}`)));
}

/** SG5/SG6 CTA+IC of NAD+MS and (17003) NAD+Z09, each with its COMs. */
const CONTACTS = ['transaktionsdaten.absender.ansprechpartner', 'transaktionsdaten.ansprechpartnerKunde'];

/**
 * COM DE3155 "in demselben COM": EM lands in `eMailAdresse`, TE/FX/AJ/AL in `rufnummern[]`, so the body does not say
 * which COM a rule is evaluated for. Decided where every COM of the body agrees: fulfilled when all are of the asked
 * kind, not fulfilled when none is.
 */
function communication(kind: 'email' | 'phone'): Decider {
  return (context) => {
    let emails = 0;
    let phones = 0;
    for (const contact of CONTACTS) {
      emails += valuesOf(context.body, `${contact}.eMailAdresse`).length;
      // `rufnummern[]` in the vendor's specs, `rufnummer` in the mapping CSV.
      phones +=
        valuesOf(context.body, `${contact}.rufnummern[].rufnummer`).length +
        valuesOf(context.body, `${contact}.rufnummer.rufnummer`).length;
    }
    const [asked, other] = kind === 'email' ? [emails, phones] : [phones, emails];
    if (asked === 0) return false;
    return other === 0 ? true : undefined;
  };
}
const COM_EM = communication('email');
const COM_PHONE = communication('phone');

/** Identifier shapes of LOC+172 DE3225 (MaLo- and Tranche-IDs share theirs: MALO_ID_PATTERN). */
const NELO_ID = /^E[A-Z0-9]{9}\d$/;
const OTHER_IDS = [/^DE[A-Z0-9]{31}$/, /^C[A-Z0-9]{9}\d$/, /^D[A-Z0-9]{9}\d$/];
const LOKATIONSTYPEN = ['MALO', 'MELO', 'NELO', 'TECHNISCHE_RESSOURCE', 'STEUERBARE_RESSOURCE', 'TRANCHE'];

/**
 * "in LOC+172 DE3225 die ID einer Marktlokation / Netzlokation": ANFRAGE[].lokationsTyp where given; else the ID's
 * shape (a NeLo-ID's `E`; eleven digits are a MaLo- or a Tranche-ID, so a MaLo needs the ID on a MARKTLOKATION).
 */
function meldepunktIs(type: 'MALO' | 'NELO'): Decider {
  return (context) => {
    const types = valuesOf(context.body, 'stammdaten.ANFRAGE[].lokationsTyp');
    if (types.length > 0) {
      if (types.includes(type)) return true;
      return types.every((value) => typeof value === 'string' && LOKATIONSTYPEN.includes(value)) ? false : undefined;
    }
    const ids = valuesOf(context.body, 'stammdaten.ANFRAGE[].lokationsId').filter(
      (id): id is string => typeof id === 'string',
    );
    if (ids.length === 0) return undefined;
    const ownShape = type === 'NELO' ? NELO_ID : MALO_ID_PATTERN;
    if (
      ids.every((id) => !ownShape.test(id) && [MALO_ID_PATTERN, NELO_ID, ...OTHER_IDS].some((shape) => shape.test(id)))
    )
      return false;
    if (type === 'NELO') return ids.some((id) => NELO_ID.test(id)) ? true : undefined;
    const malos = valuesOf(context.body, 'stammdaten.MARKTLOKATION[].marktlokationsId');
    return ids.some((id) => malos.includes(id)) ? true : undefined;
  };
}

/**
 * "eine SG29 mit Z16 / Z54 in LIN DE1229": its mandatory PIA+5 lands in TRANCHE[] / MARKTLOKATION[].zaehlwerke[]. The
 * object alone may come from LOC+172, so an object without zaehlwerke leaves it open.
 */
function productGroupAbsent(key: 'TRANCHE' | 'MARKTLOKATION'): Decider {
  return (context) => {
    if (valuesOf(context.body, `stammdaten.${key}[].zaehlwerke`).length > 0) return false;
    return valuesOf(context.body, `stammdaten.${key}`).length === 0 ? true : undefined;
  };
}

/** Messprodukt-Codes of the Codeliste der Konfigurationen: 13 digits. */
const PRODUCT_CODE = /^\d{13}$/;

/** PIA+5 DE7140 of SG29 LIN+Z54 → MARKTLOKATION[].zaehlwerke[].messprodukt. */
function marketProductIs(code: string): Decider {
  return (context) => {
    const values = valuesOf(context.body, 'messprodukt');
    if (values.length === 0) return false;
    if (values.includes(code)) return true;
    return values.every((value) => typeof value === 'string' && PRODUCT_CODE.test(value)) ? false : undefined;
  };
}

/** NAD+VY → transaktionsdaten.beteiligterMarktpartner; its role only where the body names it (`marktrolle`). */
const VY_IS_LF: Decider = (context) => {
  if (valuesOf(context.body, 'transaktionsdaten.beteiligterMarktpartner.rollencodenummer').length === 0) return false;
  const roles = valuesOf(context.body, 'transaktionsdaten.beteiligterMarktpartner.marktrolle');
  if (roles.length === 0) return undefined;
  if (roles.includes('LF')) return true;
  return roles.every((role) => typeof role === 'string' && /^[A-ZÜ]+$/.test(role)) ? false : undefined;
};

const COM_EM_TEXT = 'wenn im DE3155 in demselben COM der Code EM vorhanden ist';
const COM_PHONE_TEXT = 'wenn im DE3155 in demselben COM der Code TE / FX / AJ / AL vorhanden ist';

export const ORDERS_CONDITIONS: readonly ConditionEntry[] = [
  // BGM → ANFRAGE[].anfragekategorie (17102: BGM+[7|Z28|Z48]).
  { key: 2, text: 'Wenn BGM+7 vorhanden', decide: bgm('7') },
  { key: 21, text: 'Wenn BGM+Z28 vorhanden', decide: bgm('Z28') },
  { key: 51, text: 'Wenn BGM+Z48 vorhanden', decide: bgm('Z48') },
  // Sender roles from the PI's direction (undecided where it names several).
  { key: 6, text: 'Wenn MP-ID in SG2 NAD+MS mit Rolle LF vorhanden', decide: senderRole(...LF) },
  { key: 7, text: 'Wenn MP-ID in SG2 NAD+MS mit Rolle NB vorhanden', decide: senderRole(...NB) },
  { key: 15, text: 'Wenn MP-ID in SG2 NAD+MS mit Rolle MSB vorhanden', decide: senderRole(...MSB) },
  { key: 26, text: 'Wenn MP-ID in SG2 NAD+MS mit Rolle ÜNB vorhanden', decide: senderRole('ÜNB') },
  { key: 45, text: 'Wenn MP-ID in SG2 NAD+MS mit Rolle MSB nicht vorhanden', decide: not(senderRole(...MSB)) },
  // 17104 only: [62] stands on NAD+MS DE3039, [63] on NAD+MR DE3039.
  { key: 62, text: 'MP-ID mit Rolle MSB', decide: senderRole(...MSB) },
  { key: 63, text: 'MP-ID mit Rolle NB', decide: recipient('NB') },
  { key: 23, text: 'Wenn MP-ID in SG2 NAD+MR mit Rolle NB vorhanden', decide: recipient('NB') },
  { key: 27, text: 'Wenn MP-ID in SG2 NAD+MR mit Rolle MSB vorhanden', decide: RECEIVER_MSB },
  // Fulfilled when NAD+MR is no MSB; an MSB's Sparte is not in the body.
  {
    key: 101,
    text: 'Wenn MP-ID in SG2 NAD+MR mit Rolle MSB in der Sparte Gas nicht vorhanden',
    decide: (context) => (RECEIVER_MSB(context) === false ? true : undefined),
  },
  { key: 104, text: 'Wenn MP-ID in SG2 NAD+VY mit Rolle LF vorhanden', decide: VY_IS_LF },
  { key: 13, text: 'Wenn SG2 LOC+172 nicht vorhanden', decide: MELDEPUNKT_ABSENT },
  { key: 109, text: 'Wenn LOC+172 (Meldepunkt) nicht vorhanden', decide: MELDEPUNKT_ABSENT },
  // 17101, 17126: the SG29's SG34 RFF+Z09 → ZAEHLER[].geraete[].geraetenummer, its FTX+ACB → positionsdaten[].allgemeineInformationen.
  {
    key: 16,
    text: 'Wenn eine untergeordnete SG vorhanden',
    decide: present('stammdaten.ZAEHLER[].geraete[].geraetenummer'),
  },
  {
    key: 17,
    text: 'Wenn ein Segment innerhalb der SG vorhanden',
    decide: anyPresent(
      ...[1, 2, 3, 4, 5].map((n) => `stammdaten.AUFTRAG[].positionsdaten[].allgemeineInformationen.info${n}`),
    ),
  },
  // The header IMD is mandatory where these stand (17102 under [2], 17113), but absent it names no code.
  { key: 18, text: 'Wenn IMD++Z11 vorhanden', decide: imd(['Z11'], false) },
  { key: 19, text: 'Wenn IMD++Z12 vorhanden', decide: imd(['Z12'], false) },
  { key: 24, text: 'Wenn IMD++Z35 vorhanden', decide: imd(['Z35'], false) },
  // 17118's IMD is optional (Soll): absent, it is no Z60; 17123's is mandatory: absent, its code is unknown.
  {
    key: 106,
    text: 'wenn IMD++Z60 (Abbestellung Messprodukt mit Zählzeitdefinition des LF) nicht vorhanden',
    decide: not(imd(['Z60'], false)),
  },
  {
    key: 107,
    text: 'Wenn IMD++Z57 (Abbestellung Zählzeitdefinition) nicht vorhanden',
    decide: not(imd(['Z57'], undefined)),
  },
  { key: 38, text: 'Wenn FTX+Z04/Z05 vorhanden', decide: ftx('Z04', 'Z05') },
  { key: 54, text: 'Wenn FTX+Z06 vorhanden', decide: ftx('Z06') },
  { key: 65, text: 'Wenn FTX+Z08 vorhanden', decide: ftx('Z08') },
  { key: 87, text: 'Wenn FTX+Z09/Z10 vorhanden', decide: ftx('Z09', 'Z10') },
  { key: 97, text: 'Wenn FTX+Z10 vorhanden', decide: ftx('Z10') },
  { key: 99, text: 'Wenn FTX+Z08/Z10 vorhanden', decide: ftx('Z08', 'Z10') },
  // 17004: the SG29 and its IMD are mandatory, so without `anfragegrund` the code is unknown.
  { key: 46, text: 'Wenn SG29 IMD++Z46 vorhanden', decide: SG29_IMD_Z46 },
  { key: 47, text: 'Wenn SG29 IMD++Z46 nicht vorhanden', decide: not(SG29_IMD_Z46) },
  {
    key: 55,
    text: 'Wenn DTM+469 (Beginn zum nächstmöglichen Termin) nicht vorhanden',
    decide: absent('stammdaten.AUFTRAG[].startdatum'),
  },
  {
    key: 56,
    text: 'Wenn DTM+203 (Ausführungsdatum) nicht vorhanden',
    decide: absent('stammdaten.AUFTRAG[].ausfuehrungsdatum'),
  },
  // NAD+Z23 → MARKTLOKATION.lokationsadresse, NAD+Z03 → MESSLOKATION.messadresse, NAD+Z24 → SPERRAUFTRAG.treffpunkt.
  {
    key: 57,
    text: 'Wenn im selben SG2 NAD DE3124 nicht vorhanden',
    decide: byScope({
      MARKTLOKATION: additionalInfoAbsent('lokationsadresse'),
      MESSLOKATION: additionalInfoAbsent('messadresse'),
      SPERRAUFTRAG: additionalInfoAbsent('treffpunkt'),
    }),
  },
  { key: 64, text: 'Wenn SG2 NAD+Z03 nicht vorhanden', decide: MESSADRESSE_ABSENT },
  { key: 70, text: 'Wenn NAD+Z03 nicht vorhanden', decide: MESSADRESSE_ABSENT },
  { key: 69, text: 'Wenn NAD+Z23 nicht vorhanden', decide: absent('stammdaten.MARKTLOKATION[].lokationsadresse') },
  { key: 67, text: 'Wenn DTM+163 nicht vorhanden', decide: DTM_163_ABSENT },
  { key: 110, text: 'wenn DTM+163 (Beginn Zeitraum für Wertanfrage) vorhanden', decide: not(DTM_163_ABSENT) },
  // SG29 DTM+7 → ANFRAGE[].gueltigAb in the vendor's specs, AUFTRAG.positionsdaten.gueltigAb in the mapping CSV.
  {
    key: 68,
    text: 'Wenn DTM+7 nicht vorhanden',
    decide: allOf(absent('stammdaten.ANFRAGE[].gueltigAb'), absent('stammdaten.AUFTRAG[].positionsdaten[].gueltigAb')),
  },
  {
    key: 108,
    text: 'Wenn RFF+AGK (Konfigurations-ID) nicht vorhanden',
    decide: absent('stammdaten.REKLAMATION[].konfiguration'),
  },
  // CCI+Z39++<code> → zaehlwerke[].zaehlzeiten.zaehlzeitDefinition (CCI+Z41 maps to null), per SG29 one zaehlwerk.
  {
    key: 77,
    text: 'Wenn im selben CCI im DE7059 der Code Z39 (Code der Zählzeitdefinition) vorhanden ist',
    decide: byScope({
      MARKTLOKATION: everyElement('zaehlwerke', present('zaehlzeiten.zaehlzeitDefinition')),
      MESSLOKATION: everyElement('zaehlwerke', present('zaehlzeiten.zaehlzeitDefinition')),
    }),
  },
  {
    key: 93,
    text: 'Wenn in derselben Nachricht eine SG29 mit Z16 in LIN DE1229 (Erforderliches Produkt der Tranche) nicht vorhanden',
    decide: productGroupAbsent('TRANCHE'),
  },
  {
    key: 94,
    text: 'Wenn in derselben Nachricht eine SG29 mit Z54 in LIN DE1229 (Erforderliches Produkt der Marktlokation) nicht vorhanden',
    decide: productGroupAbsent('MARKTLOKATION'),
  },
  // 17009: SG29.LIN.SG30.CCI → ZAEHLER[].geraete[].geraeteeigenschaften.geraetetyp, one geraet per SG29.
  {
    key: 102,
    text: 'Wenn in derselben SG29 LIN das CCI+++Z25 (Geräteart Wandler) vorhanden',
    decide: inThis(
      'ZAEHLER',
      everyElement('geraete', coded('geraeteeigenschaften.geraetetyp', GERAETEART, ['Z25'], false)),
    ),
  },
  {
    key: 103,
    text: 'Wenn in derselben SG29 LIN das CCI+++Z25 (Geräteart Wandler) nicht vorhanden',
    decide: inThis(
      'ZAEHLER',
      everyElement('geraete', not(coded('geraeteeigenschaften.geraetetyp', GERAETEART, ['Z25'], false))),
    ),
  },
  {
    key: 112,
    text: 'Wenn in derselben SG29 LIN++Z54 (Erforderliches Produkt der Marktlokation), das PIA+5+9991000000078: Z11 (Wirkarbeit Lastgang 1/4 stündlich) vorhanden ist',
    decide: inThis('MARKTLOKATION', everyElement('zaehlwerke', marketProductIs('9991000000078'))),
  },
  { key: 113, text: 'Wenn LIN DE1229 mit Code Z42 (Zählzeitdefinition) vorhanden', decide: lin('Z42') },
  { key: 114, text: 'Wenn LIN DE1229 mit Code Z69 (Schaltzeitdefinition) vorhanden', decide: lin('Z69') },
  { key: 115, text: 'Wenn LIN DE1229 mit Code Z70 (Leistungskurvendefinition) vorhanden', decide: lin('Z70') },
  {
    key: 130,
    text: 'Wenn in LOC+172 DE3225 (Meldepunkt) die ID einer Marktlokation angegeben ist',
    decide: meldepunktIs('MALO'),
  },
  {
    key: 132,
    text: 'Wenn in LOC+172 DE3225 (Meldepunkt) die ID einer Netzlokation angegeben ist',
    decide: meldepunktIs('NELO'),
  },
  { key: 147, text: COM_EM_TEXT, decide: COM_EM },
  { key: 148, text: COM_PHONE_TEXT, decide: COM_PHONE },
];

export const ORDCHG_CONDITIONS: readonly ConditionEntry[] = [
  // 39000, 39001: BGM → ANFRAGE[].anfragekategorie.
  { key: 2, text: 'Wenn BGM+Z51 (Sperrung) vorhanden', decide: bgm('Z51') },
  { key: 3, text: 'Wenn BGM+Z52 (Entsperrung) vorhanden', decide: bgm('Z52') },
  { key: 4, text: COM_EM_TEXT, decide: COM_EM },
  { key: 5, text: COM_PHONE_TEXT, decide: COM_PHONE },
];

const SPARTE = "the MP-ID's Sparte is not in the body";
const CODELISTE = 'needs the Codeliste der Konfigurationen';
const DATE_494 =
  'value constraint on the date itself (value-conditions decides [494] under its UTILMD text, which lacks the final full stop)';

export const ORDERS_UNDECIDABLE: readonly UndecidableEntry[] = [
  { key: 9, text: 'Wenn bekannt', reason: "the sender's knowledge" },
  { key: 12, text: 'Wenn vorhanden', reason: "the sender's knowledge (whether the data exists)" },
  { key: 28, text: 'Wenn MP-ID in SG2 NAD+MR aus Sparte Strom', reason: SPARTE },
  { key: 29, text: 'Wenn MP-ID in SG2 NAD+MR aus Sparte Gas', reason: SPARTE },
  { key: 60, text: 'MP-ID nur aus Sparte Gas', reason: SPARTE },
  { key: 61, text: 'MP-ID nur aus Sparte Strom', reason: SPARTE },
  { key: 183, text: 'Wenn MP-ID in NAD+MS aus Sparte Gas', reason: SPARTE },
  { key: 492, text: 'wenn MP-ID in NAD+MR aus Sparte Strom', reason: SPARTE },
  { key: 493, text: 'wenn MP-ID in NAD+MR aus Sparte Gas', reason: SPARTE },
  { key: 75, text: '', reason: 'the AHB gives [75] no text' },
  {
    key: 76,
    text: 'Wenn in derselben SG29 mit Z54 in LIN DE1229 (Erforderliches Produkt der Marktlokation) das PIA+5 DE7140 mit einem Messprodukt aus Codeliste der Konfigurationen Kapitel 2.1.1 "Standard-Messprodukt der Marktlokation mit der Wahlmöglichkeit der Zuordnung einer Zählzeit" vorhanden ist',
    reason: CODELISTE,
  },
  {
    key: 86,
    text: 'Wenn in derselben SG29 mit Z19 in LIN DE1229 (Erforderliches Produkt der Messlokation) das PIA+5 DE7140 mit einem Messprodukt aus Codeliste der Konfigurationen Kapitel 2.3.1 "Standard-Messprodukt der Messlokation mit der Wahlmöglichkeit der Zuordnung einer Zählzeit" vorhanden ist',
    reason: CODELISTE,
  },
  {
    key: 95,
    text: 'Messprodukt-Code aus dem Kapitel 2.1 "Standard-Messprodukte der Marktlokation" der Codeliste der Konfigurationen',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 96,
    text: 'Messprodukt-Code aus dem Kapitel 2.2 "Standard-Messprodukte der Tranche" der Codeliste der Konfigurationen',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 100,
    text: 'Messprodukt-Code aus dem Kapitel 2.3 "Standard-Messprodukte der Messlokation" der Codeliste der Konfigurationen',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 140,
    text: 'Messprodukt-Code aus dem Kapitel 2.4 "Standard-Messprodukte der Netzlokation" der Codeliste der Konfigurationen',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 153,
    text: 'Es sind nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 7 "Produkte zur Bestellung einer Änderung an einer Lokation" die in der Spalte "Ebene" mit dem Wert "Messlokation" vorhanden sind.',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 156,
    text: 'Es sind weiterhin nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 7 "Produkte zur Bestellung einer Änderung an einer Lokation" die in der Spalte "Produkt gegenüber MSB von Marktrolle bestellbar" mit einem "X" in der Spalte "NB" gekennzeichnet ist.',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 157,
    text: 'Es sind weiterhin nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 7 "Produkte zur Bestellung einer Änderung an einer Lokation" die in der Spalte "Produkt gegenüber MSB von Marktrolle bestellbar" mit einem "X" in der Spalte "LF" gekennzeichnet ist.',
    reason: `value constraint (${CODELISTE})`,
  },
  {
    key: 105,
    text: 'Wenn die bisherige Konfiguration mit Zählzeiten des LF vom LF beendet werden soll',
    reason: "the LF's intent",
  },
  {
    key: 494,
    text: 'Das hier genannte Datum muss der Zeitpunkt sein, zu dem das Dokument erstellt wurde, oder ein Zeitpunkt, der davor liegt.',
    reason: DATE_494,
  },
  {
    key: 495,
    text: 'Der Zeitpunkt muss ≤ dem Wert im DE2380 des DTM+137 sein',
    reason: 'value constraint on the date itself (no value check for it yet)',
  },
  { key: 1, text: 'Wenn IMD+Z03 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 33, text: 'Wenn IMD+Z01 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 34, text: 'Wenn IMD+Z02 vorhanden', reason: TABLE_ONLY_REASON },
  { key: 36, text: 'Wenn MP-ID in SG2 NAD+MR mit Rolle NB nicht vorhanden', reason: TABLE_ONLY_REASON },
  {
    key: 117,
    text: 'Wenn SG29 LIN++Z64 (Erforderliches Produkt Schaltzeitdefinitionen) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 118,
    text: 'Wenn SG29 LIN++Z65 (Erforderliches Produkt Leistungskurvendefinitionen) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 119,
    text: 'Wenn SG29 LIN++Z66 (Erforderliches Produkt Ad-hoc-Steuerkanal) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 120,
    text: 'Wenn SG29 LIN++Z67 (Erforderliches Messprodukt für Werte nach Typ 2 aus Backend) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 121,
    text: 'Wenn SG29 LIN++Z68 (Erforderliches Produkt Konfigurationserlaubnis für Werte nach Typ 2 aus SMGW) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 122,
    text: 'Wenn SG1 RFF+Z41 (Referenznummer des Vorgangs der Anmeldung nach WiM) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  { key: 123, text: 'Wenn DTM+203 (Ausführungsdatum) nicht vorhanden', reason: TABLE_ONLY_REASON },
  {
    key: 124,
    text: 'Wenn SG1 RFF+Z41 (Referenznummer des Vorgangs der Anmeldung nach WiM) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 125,
    text: 'Es sind nur die Konfigurations-Produkte erlaubt, die in der Codeliste der Konfigurationen im Kapitel 4.1 „Konfigurationsprodukte Schaltzeitdefinition“ enthalten sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 126,
    text: 'Es sind nur die Konfigurations-Produkte erlaubt, die in der Codeliste der Konfigurationen im Kapitel 4.2 „Konfigurationsprodukte Leistungskurvendefinition“ enthalten sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 127,
    text: 'Es sind nur die Konfigurations-Produkte erlaubt, die in der Codeliste der Konfigurationen im Kapitel 4.3 „Konfigurationsprodukte Ad-Hoc-Steuerkanal“ enthalten sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 128,
    text: 'Es sind nur die Messprodukte erlaubt, die in der Codeliste der Konfigurationen im Kapitel 4.5 „Messprodukte für Werte nach Typ 2 aus Backend für LF und NB“ enthalten sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 129,
    text: 'Es sind nur die Messprodukte erlaubt, die in der Codeliste der Konfigurationen im Kapitel 4.4 „Messprodukte mit Konfigurationserlaubnis für Werte nach Typ 2 aus SMGW“ enthalten sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 131,
    text: 'Wenn in LOC+172 DE3225 (Meldepunkt) die ID einer Messlokation angegeben ist',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 133,
    text: 'Wenn in LOC+172 DE3225 (Meldepunkt) die ID einer Steuerbaren Ressource angegeben ist',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 134,
    text: 'Wenn die Position in der ursprünglichen Antwort auf die Bestellung aus SG1 RFF+Z42 vorhanden war und reklamiert werden soll',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 135,
    text: 'Wenn SG29 LIN++Z64 (Erforderliches Produkt Schaltzeitdefinitionen) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 136,
    text: 'Wenn SG29 LIN++Z65 (Erforderliches Produkt Leistungskurvendefinitionen) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 137,
    text: 'Wenn SG29 LIN++Z66 (Erforderliches Produkt Ad-hoc-Steuerkanal) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 138,
    text: 'Wenn SG29 LIN++Z67 (Erforderliches Messprodukt für Werte nach Typ 2 aus Backend) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 139,
    text: 'Wenn SG29 LIN++Z68 (Erforderliches Produkt Konfigurationserlaubnis für Werte nach Typ 2 aus SMGW) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 141,
    text: 'Es sind nur die Messprodukt-Position-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 4.7 „Art der Werte für Messprodukte nach Typ 2“ enthalten sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 142,
    text: 'Wenn innerhalb derselben SG29 LIN im PIA+5 DE7140 (Erforderliches Produkt Konfigurationserlaubnis für Werte nach Typ 2 aus SMGW) ein Produkt angegeben ist, das in der Codeliste der Konfigurationen im Kapitel 4.4 „Messprodukte mit Konfigurationserlaubnis für Werte nach Typ 2 aus SMGW“ in der Spalte "Auslöser" mit dem Wert "Bei Schwellwertunter- / -überschreitung" gekennzeichnet ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 143,
    text: 'Wenn in LOC+172 DE3225 (Meldepunkt) die ID einer Steuerbaren Ressource angegeben ist',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 152,
    text: 'Wenn in SG29 LIN (Erforderliches Produkt der Messlokation) das PIA+5 DE7140 mit einem Produkt-Code vorhanden ist der in der Codeliste der Konfigurationen im Kapitel 7 "Produkte zur Bestellung einer Änderung an einer Lokation" in der "Spalte Bezeichnung" mit dem Wert "weitere Energieflussrichtung" vorhanden ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 154,
    text: 'Es sind nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 7 "Produkte zur Bestellung einer Änderung an einer Lokation" die in der Spalte "Ebene" mit dem Wert "Netzlokation" vorhanden sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 155,
    text: 'Es sind nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 7 "Produkte zur Bestellung einer Änderung an einer Lokation" die in der Spalte "Ebene" mit dem Wert "Steuerbare Ressource" vorhanden sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 158,
    text: 'Es sind nur die Produkt-Codes erlaubt, die in der Codeliste der Konfigurationen im Kapitel 6.2 "Produkte zur Bestellung einer Änderung von Abrechnungsdaten" genannt sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 159,
    text: 'Wenn in derselben SG29 LIN im PIA+5 (Erforderliches Produkt Abrechnungsdaten) DE7140 ein Produkt-Code genannt ist, der in der Codeliste der Konfigurationen im Kapitel 6.2 "Produkte zur Bestellung einer Änderung von Abrechnungsdaten" in der Spalte "Code der Produkteigenschaft (Wertebereich)" mit einem Code befüllt ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 160,
    text: 'Es sind nur die Codes der Produkteigenschaft zu dem in derselben SG29 LIN im PIA+5 (Erforderliches Produkt Abrechnungsdaten) DE7140 erlaubt, die in der Codeliste der Konfigurationen im Kapitel 6.2 "Produkte zur Bestellung einer Änderung von Abrechnungsdaten" in derselben Zeile wie der Produkt-Code stehen und in der Spalte "Code der Produkteigenschaft (Wertebereich)" genannt sind.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 161,
    text: 'Wenn in derselben SG29 LIN (Erforderliches Produkt Abrechnungsdaten) das SG30 CAV+ZH9 (Code der Produkteigenschaft) nicht vorhanden ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 162,
    text: 'Es ist nur der Wertebereich erlaubt, der zu dem in derselben SG29 LIN im PIA+5 (Erforderliches Produkt Abrechnungsdaten) DE7140 genannten Produkt, das in der Codeliste der Konfigurationen im Kapitel 6.2 "Produkte zur Bestellung einer Änderung von Abrechnungsdaten" in derselben Zeile wie der Produkt-Code in der Spalte "Wertedetails für Position" genannt ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 163,
    text: 'Wenn innerhalb der Nachricht eine SG30 CCI+++ZA9 (Messprodukt für Übertragungsnetzbetreiber relevant) vorhanden ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 164,
    text: 'Wenn die Konfiguration der in SG34 RFF+Z20 DE1154 (Referenz auf ID der Tranche) genannte Tranche innerhalb derselben SG29 LIN++Z16 (Erforderliches Produkt der Tranche) unverändert bestehen bleibt.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 165,
    text: 'Wenn die Konfiguration der in SG34 RFF+Z20 DE1154 (Referenz auf ID der Tranche) genannte Tranche innerhalb derselben SG29 LIN++Z16 (Erforderliches Produkt der Tranche) aufgrund einer Zuordnung eines LF neu konfiguriert werden soll oder die Tranche neu gebildet wurde.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 166,
    text: 'Wenn es sich um die Einrichtung der Konfigurationen aufgrund einer Zuordnung eines LF zu einer Tranche handelt',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 167,
    text: 'Wenn SG2 NAD+DP (Meldepunkt), SG3 RFF+Z20 (Referenz auf ID der Tranche) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 168,
    text: 'Wenn SG2 NAD+DP (Meldepunkt), SG3 RFF+Z20 (Referenz auf ID der Tranche) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 169,
    text: 'Wenn in SG29 LIN++Z19 (Erforderliches Produkt der Messlokation) in SG30 CCI (Zugeordnete Zählzeitdefinition im DE7059 der Code Z39 (Code der Zählzeitdefinition) vorhanden ist',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 170,
    text: 'Wenn in derselben SG29 LIN die SG30 CCI+Z37++ZD1 (Basis zur Bildung der Tranchengröße) (Prozentual) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 171,
    text: 'Wenn in derselben SG29 LIN (Erforderliches Produkt der Tranche) das IMD+++Z64 (Leistungsbeschreibung Konfiguration) (Neukonfiguration) vorhanden ist',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 172,
    text: 'Wenn es sich bei der in SG2 LOC+172 DE3225 genannten Lokation um die Integration in eine Kundenanlage oder Herauslösung aus einer Kundenanlage nach §20 Abs.1d EnWG handelt. Details siehe UTILMD AHB Strom.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 173,
    text: 'Wenn IMD++Z66 (Beendigung Konfiguration aufgrund Überführung der Marktlokation zu ruhender Marktlokation) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 174,
    text: 'Wenn IMD++Z67 (Aktivierung Konfiguration in der derzeit ruhenden Marktlokation) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 175,
    text: 'Wenn SG2 NAD+DP (Meldepunkt), SG3 RFF+Z59 (Referenz auf die ID der Marktlokation der Kundenanlage) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 176,
    text: 'Wenn SG2 NAD+DP (Meldepunkt), SG3 RFF+Z59 (Referenz auf die ID der Marktlokation der Kundenanlage) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 177,
    text: 'Wenn IMD++Z66 (Beendigung Konfiguration aufgrund Überführung der Marktlokation zu ruhender Marktlokation) nicht vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  { key: 178, text: 'Wenn vom NB eine Abtretungserklärung vom Kunden gewünscht ist.', reason: TABLE_ONLY_REASON },
  {
    key: 179,
    text: 'Wenn in derselben SG29 LIN im PIA+5 (Erforderliches Produkt Abrechnungsdaten) DE7140 das Produkt "Empfänger der Vergütung zur Einspeisung" aus der Codeliste der Konfigurationen im Kapitel 6.2 "Produkte zur Bestellung einer Änderung von Abrechnungsdaten" genannt ist und in derselben SG29 LIN im SG30 CAV+ZH9 (Code der Produkteigenschaft) im DE7110 aus der Spalte "Code der Produkteigenschaft (Wertebereich)" mit dem Code "Lieferant" gefüllt ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 180,
    text: 'Wenn in derselben SG29 LIN im PIA+5 (Erforderliches Produkt Abrechnungsdaten) DE7140 ein Produkt-Code genannt ist der in der Codeliste der Konfigurationen im Kapitel 6.2 "Produkte zur Bestellung einer Änderung von Abrechnungsdaten" in der Spalte „Wertedetails für Position“ die ggf. enthaltene Bedingung erfüllt ist.',
    reason: TABLE_ONLY_REASON,
  },
  {
    key: 181,
    text: 'Wenn BGM+Z93 (Bestellung eines Angebots Änderung der Technik der Lokation) vorhanden',
    reason: TABLE_ONLY_REASON,
  },
  { key: 182, text: 'Wenn BGM+Z12 (Änderung der Technik der Lokation) vorhanden.', reason: TABLE_ONLY_REASON },
];

export const ORDCHG_UNDECIDABLE: readonly UndecidableEntry[] = [
  { key: 1, text: 'MP-ID nur aus Sparte Strom', reason: SPARTE },
  // ORDCHG's [494] has ORDERS' text: one entry (in ORDERS_UNDECIDABLE) serves both.
];

/** Both message types, for the catalogue (their entries differ in key or text). */
export const ORDERS_ORDCHG_CONDITIONS: readonly ConditionEntry[] = [...ORDERS_CONDITIONS, ...ORDCHG_CONDITIONS];
export const ORDERS_ORDCHG_UNDECIDABLE: readonly UndecidableEntry[] = [...ORDERS_UNDECIDABLE, ...ORDCHG_UNDECIDABLE];
