import { validateProcessData } from '../validation/validate-process-data';

type Json = Record<string, unknown>;

interface Case {
  /** The class whose field is wrong-typed. */
  cls: string;
  /** Body fragment with the wrong value. */
  wrong: Json;
  /** The same fragment with a correct value: proves the case fails only because of the wrong type. */
  right: Json;
  pointer: string;
  message: string;
}

const TRANSAKTIONSDATEN = { pruefidentifikator: '55001', nachrichtendatum: '2024-04-01T10:57:00Z' };

const stammdaten = (key: string, bo: Json): Json => ({ stammdaten: { [key]: [bo] } });
const transaktionsdaten = (fields: Json): Json => ({ transaktionsdaten: { ...TRANSAKTIONSDATEN, ...fields } });

// One wrong-typed nested field per BO (and per envelope part), table-driven.
const CASES: Case[] = [
  {
    cls: 'Bilanzierung',
    wrong: stammdaten('BILANZIERUNG', { lastprofile: [{ tagesparameter: { temperaturmessstelle: 1234 } }] }),
    right: stammdaten('BILANZIERUNG', { lastprofile: [{ tagesparameter: { temperaturmessstelle: '1234' } }] }),
    pointer: '#/stammdaten/BILANZIERUNG/0/lastprofile/0/tagesparameter/temperaturmessstelle',
    message: 'must be a string',
  },
  {
    cls: 'Vertrag (ENERGIELIEFERVERTRAG)',
    wrong: stammdaten('ENERGIELIEFERVERTRAG', { enFG: [{ grund: ['ENFG_SCHIENENBAHNEN', false] }] }),
    right: stammdaten('ENERGIELIEFERVERTRAG', { enFG: [{ grund: ['ENFG_SCHIENENBAHNEN'] }] }),
    pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/enFG/0/grund/1',
    message: 'must be a string',
  },
  {
    cls: 'Vertrag (NETZNUTZUNGSVERTRAG)',
    wrong: stammdaten('NETZNUTZUNGSVERTRAG', { vertragskonditionen: { haushaltskunde: 'ja' } }),
    right: stammdaten('NETZNUTZUNGSVERTRAG', { vertragskonditionen: { haushaltskunde: true } }),
    pointer: '#/stammdaten/NETZNUTZUNGSVERTRAG/0/vertragskonditionen/haushaltskunde',
    message: 'must be a boolean',
  },
  {
    cls: 'Vertrag (MESSSTELLENBETRIEBSVERTRAG)',
    wrong: stammdaten('MESSSTELLENBETRIEBSVERTRAG', {
      vertragskonditionen: { geplanteTurnusablesung: { ableseZeitraum: 101 } },
    }),
    right: stammdaten('MESSSTELLENBETRIEBSVERTRAG', {
      vertragskonditionen: { geplanteTurnusablesung: { ableseZeitraum: '0101' } },
    }),
    pointer: '#/stammdaten/MESSSTELLENBETRIEBSVERTRAG/0/vertragskonditionen/geplanteTurnusablesung/ableseZeitraum',
    message: 'must be a string',
  },
  {
    cls: 'Geschaeftspartner',
    wrong: stammdaten('ENERGIELIEFERVERTRAG', { vertragspartner2: [{ externeReferenzen: [{ exRefWert: 9881 }] }] }),
    right: stammdaten('ENERGIELIEFERVERTRAG', {
      vertragspartner2: [{ externeReferenzen: [{ exRefWert: 'KD_NB_09881' }] }],
    }),
    pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/vertragspartner2/0/externeReferenzen/0/exRefWert',
    message: 'must be a string',
  },
  {
    cls: 'Marktlokation',
    wrong: stammdaten('MARKTLOKATION', { lokationsadresse: { zusatzInformation: { zusatz1: ['Mustermann'] } } }),
    right: stammdaten('MARKTLOKATION', { lokationsadresse: { zusatzInformation: { zusatz1: 'Mustermann' } } }),
    pointer: '#/stammdaten/MARKTLOKATION/0/lokationsadresse/zusatzInformation/zusatz1',
    message: 'must be a string',
  },
  {
    cls: 'Marktlokation (Zaehlwerk)',
    wrong: stammdaten('MARKTLOKATION', {
      zaehlwerke: [{ verwendungszwecke: [{ zweck: ['ENDKUNDENABRECHNUNG', 5] }] }],
    }),
    right: stammdaten('MARKTLOKATION', { zaehlwerke: [{ verwendungszwecke: [{ zweck: ['ENDKUNDENABRECHNUNG'] }] }] }),
    pointer: '#/stammdaten/MARKTLOKATION/0/zaehlwerke/0/verwendungszwecke/0/zweck/1',
    message: 'must be a string or an object',
  },
  {
    cls: 'Messlokation',
    wrong: stammdaten('MESSLOKATION', { ablesekartenempfaenger: { partneradresse: { postleitzahl: 11111 } } }),
    right: stammdaten('MESSLOKATION', { ablesekartenempfaenger: { partneradresse: { postleitzahl: '11111' } } }),
    pointer: '#/stammdaten/MESSLOKATION/0/ablesekartenempfaenger/partneradresse/postleitzahl',
    message: 'must be a string',
  },
  {
    cls: 'Netzlokation',
    wrong: stammdaten('NETZLOKATION', { marktrollen: [{ weiterverpflichtet: 'true' }] }),
    right: stammdaten('NETZLOKATION', { marktrollen: [{ weiterverpflichtet: true }] }),
    pointer: '#/stammdaten/NETZLOKATION/0/marktrollen/0/weiterverpflichtet',
    message: 'must be a boolean',
  },
  {
    cls: 'SteuerbareRessource',
    wrong: stammdaten('STEUERBARE_RESSOURCE', { zugeordneteDefinition: { leistungskurvendefinition: 42 } }),
    right: stammdaten('STEUERBARE_RESSOURCE', { zugeordneteDefinition: { leistungskurvendefinition: 'ABC' } }),
    pointer: '#/stammdaten/STEUERBARE_RESSOURCE/0/zugeordneteDefinition/leistungskurvendefinition',
    message: 'must be a string or an object',
  },
  {
    cls: 'TechnischeRessource',
    wrong: stammdaten('TECHNISCHE_RESSOURCE', { nennleistung: { abgabe: '1000' } }),
    right: stammdaten('TECHNISCHE_RESSOURCE', { nennleistung: { abgabe: 1000 } }),
    pointer: '#/stammdaten/TECHNISCHE_RESSOURCE/0/nennleistung/abgabe',
    message: 'must be a number or an object',
  },
  {
    cls: 'Tranche',
    wrong: stammdaten('TRANCHE', { zaehlwerke: [{ obisKennzahl: 1.29 }] }),
    right: stammdaten('TRANCHE', { zaehlwerke: [{ obisKennzahl: '1-1:2.29.0' }] }),
    pointer: '#/stammdaten/TRANCHE/0/zaehlwerke/0/obisKennzahl',
    message: 'must be a string',
  },
  {
    cls: 'Zaehler',
    wrong: stammdaten('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetemerkmal: {} } }] }),
    right: stammdaten('ZAEHLER', { geraete: [{ geraeteeigenschaften: { geraetemerkmal: 'LTE_KOM' } }] }),
    pointer: '#/stammdaten/ZAEHLER/0/geraete/0/geraeteeigenschaften/geraetemerkmal',
    message: 'must be a string',
  },
  {
    cls: 'Zaehler (Zaehlwerk)',
    wrong: stammdaten('ZAEHLER', { zaehlwerke: [{ vorkommastelle: '7' }] }),
    right: stammdaten('ZAEHLER', { zaehlwerke: [{ vorkommastelle: 7 }] }),
    pointer: '#/stammdaten/ZAEHLER/0/zaehlwerke/0/vorkommastelle',
    message: 'must be a number',
  },
  {
    cls: 'Marktteilnehmer',
    wrong: stammdaten('MARKTLOKATION', { marktrollen: [{ rollencodenummer: 9904446000007 }] }),
    right: stammdaten('MARKTLOKATION', { marktrollen: [{ rollencodenummer: '9904446000007' }] }),
    pointer: '#/stammdaten/MARKTLOKATION/0/marktrollen/0/rollencodenummer',
    message: 'must be a string',
  },
  {
    cls: 'Ansprechpartner',
    wrong: transaktionsdaten({ absender: { ansprechpartner: { rufnummern: [{ nummerntyp: 1 }] } } }),
    right: transaktionsdaten({ absender: { ansprechpartner: { rufnummern: [{ nummerntyp: 'RUF_ZENTRALE' }] } } }),
    pointer: '#/transaktionsdaten/absender/ansprechpartner/rufnummern/0/nummerntyp',
    message: 'must be a string',
  },
  {
    cls: 'Transaktionsdaten',
    wrong: transaktionsdaten({ bilanzkreis: [{ bezeichnung: '11Y0-0000-0076-N', prioritaet: '1' }] }),
    right: transaktionsdaten({ bilanzkreis: [{ bezeichnung: '11Y0-0000-0076-N', prioritaet: 1 }] }),
    pointer: '#/transaktionsdaten/bilanzkreis/0/prioritaet',
    message: 'must be a number',
  },
  {
    cls: 'Transaktionsdaten (Freitext)',
    wrong: transaktionsdaten({ freitext: { freitext1: ['Blabla'] } }),
    right: transaktionsdaten({ freitext: { freitext1: 'Blabla' } }),
    pointer: '#/transaktionsdaten/freitext/freitext1',
    message: 'must be a string',
  },
];

function body(fragment: Json): Json {
  return { transaktionsdaten: TRANSAKTIONSDATEN, ...fragment };
}

describe('BO classes', () => {
  it.each(CASES.map((testCase) => [testCase.cls, testCase] as const))(
    'should report a wrong-typed nested field of %s at its pointer',
    (_cls, { wrong, right, pointer, message }) => {
      expect(validateProcessData('LF', 'create', body(right))).toEqual([]);
      expect(validateProcessData('LF', 'create', body(wrong))).toEqual([{ pointer, message }]);
    },
  );
});
