import * as path from 'node:path';
import { processSamples, readJson, SAMPLES_DIR, withBusinessKey } from '@maco/reference-samples';
import type { FieldViolation } from './field-violation';
import { validateProcessData } from './validate-process-data';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke into sample JSON

const SAMPLES = processSamples();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function sampleBody(name: string): Body {
  const sample = SAMPLES.find((candidate) => candidate.name === name);
  if (!sample) throw new Error(`missing sample ${name}`);
  return withBusinessKey(structuredClone(sample.body));
}

describe(validateProcessData.name, () => {
  describe('samples', () => {
    it('should find page, upstream and synthesized samples of every role and operation', () => {
      expect(new Set(SAMPLES.map((sample) => `${sample.role} ${sample.operation}`))).toEqual(
        new Set(['LF create', 'LF update', 'NB create', 'NB update', 'MSB create', 'MSB update']),
      );
      expect(SAMPLES.filter((sample) => sample.name.startsWith('upstream/')).length).toBeGreaterThanOrEqual(19);
      expect(SAMPLES.filter((sample) => sample.name.startsWith('synth/')).length).toBeGreaterThanOrEqual(4);
    });

    it.each(SAMPLES.map((sample) => [sample.name, sample.role, sample.operation, sample] as const))(
      'should accept %s as %s %s',
      (_name, role, operation, sample) => {
        expect(validateProcessData(role, operation, withBusinessKey(sample.body))).toEqual([]);
      },
    );

    it.each(SAMPLES.map((sample) => [sample.name, sample] as const))('should not mutate %s', (_name, sample) => {
      const body = withBusinessKey(structuredClone(sample.body));
      const before = structuredClone(body);
      deepFreeze(body); // any write would throw in strict mode
      validateProcessData(sample.role, sample.operation, body);
      expect(body).toEqual(before);
    });

    it('should not mutate an invalid body either', () => {
      const body = sampleBody('lf-create-55001.json');
      body.stammdaten.MARKTLOKATION[0].marktlokationsId = 50074561192;
      body.stammdaten.BILANZIERUNG = { wert: '1' };
      const before = structuredClone(body);
      validateProcessData('LF', 'create', deepFreeze(body));
      expect(body).toEqual(before);
    });

    it('should accept unknown fields anywhere, keeping them in the body', () => {
      const body = sampleBody('upstream/lf-update-55078-tf2.json');
      body.zukunftsfeld = { x: 1 };
      body.stammdaten.MARKTLOKATION[0].zukunftsfeld = { x: 1 };
      body.stammdaten.MARKTLOKATION[0].lokationsadresse.zusatzInformation.zukunftsfeld = { x: 1 };
      body.stammdaten.MESSSTELLENBETRIEBSVERTRAG[0].vertragskonditionen.geplanteTurnusablesung.zukunftsfeld = { x: 1 };
      body.stammdaten.ZUKUNFTS_BO = [{ boTyp: 'ZUKUNFTS_BO', zukunftsfeld: { x: 1 } }];
      body.transaktionsdaten.absender.ansprechpartner.rufnummern[0].zukunftsfeld = { x: 1 };
      body.zusatzdaten.zukunftsfeld = { x: 1 };

      expect(validateProcessData('LF', 'update', body)).toEqual([]);
      expect(body.stammdaten.MARKTLOKATION[0].lokationsadresse.zusatzInformation.zukunftsfeld).toEqual({ x: 1 });
    });

    it('should accept explicit nulls, as read responses and nullable schema fields carry them', () => {
      const body = sampleBody('lf-create-55001.json');
      body.stammdaten.MARKTLOKATION[0].marktlokationsId = null;
      body.stammdaten.NETZNUTZUNGSVERTRAG[0].vertragskonditionen = null;
      body.zusatzdaten = { businessKey: null, prozessId: null, targetBusinessKey: null };

      expect(validateProcessData('LF', 'create', body)).toEqual([]);
    });
  });

  describe('violations', () => {
    const create = (mutate: (body: Body) => void): FieldViolation[] => {
      const body = sampleBody('lf-create-55001.json');
      mutate(body);
      return validateProcessData('LF', 'create', body);
    };
    const update = (mutate: (body: Body) => void): FieldViolation[] => {
      const body = sampleBody('upstream/lf-update-55078-tf2.json');
      mutate(body);
      return validateProcessData('LF', 'update', body);
    };

    it('should report a string where a number belongs deep inside stammdaten', () => {
      expect(create((body) => (body.stammdaten.BILANZIERUNG[0].jahresverbrauchsprognose.wert = '2000'))).toEqual([
        {
          pointer: '#/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/wert',
          message: 'must be a number or an object',
        },
      ]);
    });

    it('should report a number where a string belongs', () => {
      expect(create((body) => (body.stammdaten.MARKTLOKATION[0].marktlokationsId = 50074561192))).toEqual([
        { pointer: '#/stammdaten/MARKTLOKATION/0/marktlokationsId', message: 'must be a string' },
      ]);
    });

    it('should report a boolean field given a string', () => {
      expect(
        create((body) => (body.stammdaten.ENERGIELIEFERVERTRAG[0].korrespondenzpartner.gewerbekennzeichnung = 'false')),
      ).toEqual([
        {
          pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/korrespondenzpartner/gewerbekennzeichnung',
          message: 'must be a boolean',
        },
      ]);
    });

    it('should report a date without time in transaktionsdaten', () => {
      expect(create((body) => (body.transaktionsdaten.nachrichtendatum = '2024-04-01'))).toEqual([
        { pointer: '#/transaktionsdaten/nachrichtendatum', message: 'must be an RFC 3339 date-time' },
      ]);
    });

    it('should report an impossible calendar date inside stammdaten', () => {
      expect(
        create((body) => (body.stammdaten.NETZNUTZUNGSVERTRAG[0].vertragsbeginn = '2024-13-01T00:00:00Z')),
      ).toEqual([
        { pointer: '#/stammdaten/NETZNUTZUNGSVERTRAG/0/vertragsbeginn', message: 'must be an RFC 3339 date-time' },
      ]);
    });

    it('should report an object where the BO array belongs at the key itself, not below it', () => {
      expect(create((body) => (body.stammdaten.MARKTLOKATION = { marktlokationsId: 50074561192 }))).toEqual([
        { pointer: '#/stammdaten/MARKTLOKATION', message: 'must be an array' },
      ]);
    });

    it('should report an object where the phone number array belongs', () => {
      const violations = create((body) => {
        body.transaktionsdaten.absender.ansprechpartner.rufnummern = { nummerntyp: 'RUF_ZENTRALE', rufnummer: 12345 };
      });
      expect(violations).toEqual([
        { pointer: '#/transaktionsdaten/absender/ansprechpartner/rufnummern', message: 'must be an array' },
      ]);
    });

    it('should report a scalar where an object belongs', () => {
      expect(
        update((body) => (body.stammdaten.MARKTLOKATION[0].lokationsadresse = 'Kleistweg 11, 71409 Schwaikheim')),
      ).toEqual([{ pointer: '#/stammdaten/MARKTLOKATION/0/lokationsadresse', message: 'must be an object' }]);
    });

    it('should report BO array items that are not objects at their index', () => {
      expect(
        create(
          (body) =>
            (body.stammdaten.MARKTLOKATION = ['50074561192', [{ marktlokationsId: 1 }], { marktlokationsId: 2 }]),
        ),
      ).toEqual([
        { pointer: '#/stammdaten/MARKTLOKATION/0', message: 'must be an object' },
        { pointer: '#/stammdaten/MARKTLOKATION/1', message: 'must be an object' },
        { pointer: '#/stammdaten/MARKTLOKATION/2/marktlokationsId', message: 'must be a string' },
      ]);
    });

    it('should report an array element of the wrong type at its index', () => {
      expect(
        create((body) => (body.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].geschaeftspartnerrolle = [7])),
      ).toEqual([
        {
          pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/vertragspartner2/0/geschaeftspartnerrolle/0',
          message: 'must be a string',
        },
      ]);
    });

    it('should report a geschaeftspartnerrolle that is neither a string nor a list of strings once', () => {
      expect(
        create((body) => (body.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].geschaeftspartnerrolle = 5)),
      ).toEqual([
        {
          pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/vertragspartner2/0/geschaeftspartnerrolle',
          message: 'must be a string or an array',
        },
      ]);
    });

    it('should accept geschaeftspartnerrolle as one string, as the MSB schema sends it (backend-interface §9)', () => {
      expect(
        create(
          (body) => (body.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].geschaeftspartnerrolle = 'KUNDE'),
        ),
      ).toEqual([]);
    });

    it('should require transaktionsdaten', () => {
      expect(create((body) => delete body.transaktionsdaten)).toEqual([
        { pointer: '#/transaktionsdaten', message: 'is required' },
      ]);
      expect(update((body) => delete body.transaktionsdaten)).toEqual([
        { pointer: '#/transaktionsdaten', message: 'is required' },
      ]);
    });

    it('should report transaktionsdaten or stammdaten that are not objects', () => {
      expect(create((body) => (body.transaktionsdaten = [body.transaktionsdaten]))).toEqual([
        { pointer: '#/transaktionsdaten', message: 'must be an object' },
      ]);
      expect(create((body) => (body.stammdaten = 'MARKTLOKATION'))).toEqual([
        { pointer: '#/stammdaten', message: 'must be an object' },
      ]);
    });

    it('should require zusatzdaten.businessKey on update', () => {
      expect(update((body) => delete body.zusatzdaten.businessKey)).toEqual([
        { pointer: '#/zusatzdaten/businessKey', message: 'is required' },
      ]);
      expect(update((body) => (body.zusatzdaten.businessKey = ''))).toEqual([
        { pointer: '#/zusatzdaten/businessKey', message: 'must be a non-empty string' },
      ]);
      expect(update((body) => (body.zusatzdaten.businessKey = null))).toEqual([
        { pointer: '#/zusatzdaten/businessKey', message: 'must be a non-empty string' },
      ]);
      expect(update((body) => delete body.zusatzdaten)).toEqual([{ pointer: '#/zusatzdaten', message: 'is required' }]);
    });

    it('should let create go without a businessKey but reject an empty one', () => {
      expect(create((body) => (body.zusatzdaten = {}))).toEqual([]);
      expect(create((body) => delete body.zusatzdaten)).toEqual([]);
      expect(create((body) => (body.zusatzdaten = { businessKey: '' }))).toEqual([
        { pointer: '#/zusatzdaten/businessKey', message: 'must be a non-empty string' },
      ]);
      expect(
        create((body) => (body.zusatzdaten = { businessKey: 'bk', prozessId: 42, targetBusinessKey: false })),
      ).toEqual([
        { pointer: '#/zusatzdaten/prozessId', message: 'must be a string' },
        { pointer: '#/zusatzdaten/targetBusinessKey', message: 'must be a string' },
      ]);
    });

    it.each([
      ['an array', []],
      ['a string', 'stammdaten'],
      ['null', null],
      ['a number', 42],
    ])('should report a body that is %s once at the root', (_kind, body) => {
      expect(validateProcessData('LF', 'create', body)).toEqual([{ pointer: '#', message: 'must be a JSON object' }]);
      expect(validateProcessData('LF', 'update', body)).toEqual([{ pointer: '#', message: 'must be a JSON object' }]);
    });

    it('should escape ~ and / in keys of the pointer', () => {
      expect(
        create((body) => {
          body.stammdaten['MARKT/LOKATION~1'] = { marktlokationsId: '50074561192' };
          body.stammdaten['A/B'] = [{ boTyp: 'A' }, 'B'];
        }),
      ).toEqual([
        { pointer: '#/stammdaten/A~1B/1', message: 'must be an object' },
        { pointer: '#/stammdaten/MARKT~1LOKATION~01', message: 'must be an array' },
      ]);
    });

    it('should list several errors at once, sorted by pointer', () => {
      const violations = create((body) => {
        body.transaktionsdaten.nachrichtendatum = '01.04.2024 10:57';
        body.transaktionsdaten.absender.rollencodenummer = 9903790000002;
        body.stammdaten.NETZNUTZUNGSVERTRAG[0].vertragsbeginn = '2024-02-30T23:00:00Z';
        body.stammdaten.BILANZIERUNG[0].lastprofile[0].einspeisung = 'nein';
        body.stammdaten.BILANZIERUNG[0].jahresverbrauchsprognose.wert = '2000';
        body.stammdaten.ENERGIELIEFERVERTRAG[0].vertragspartner2[0].geschaeftspartnerrolle = ['KUNDE', 1, null];
        body.zusatzdaten.businessKey = '';
      });
      expect(violations).toEqual([
        {
          pointer: '#/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/wert',
          message: 'must be a number or an object',
        },
        { pointer: '#/stammdaten/BILANZIERUNG/0/lastprofile/0/einspeisung', message: 'must be a boolean' },
        {
          pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/vertragspartner2/0/geschaeftspartnerrolle/1',
          message: 'must be a string',
        },
        {
          pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/vertragspartner2/0/geschaeftspartnerrolle/2',
          message: 'must be a string',
        },
        { pointer: '#/stammdaten/NETZNUTZUNGSVERTRAG/0/vertragsbeginn', message: 'must be an RFC 3339 date-time' },
        { pointer: '#/transaktionsdaten/absender/rollencodenummer', message: 'must be a string' },
        { pointer: '#/transaktionsdaten/nachrichtendatum', message: 'must be an RFC 3339 date-time' },
        { pointer: '#/zusatzdaten/businessKey', message: 'must be a non-empty string' },
      ]);
    });

    it('should sort array indices numerically', () => {
      const violations = create((body) => {
        body.stammdaten.MARKTLOKATION = Array.from({ length: 11 }, (_unused, index) => ({ marktlokationsId: index }));
      });
      expect(violations.map((violation) => violation.pointer)).toEqual(
        Array.from({ length: 11 }, (_unused, index) => `#/stammdaten/MARKTLOKATION/${index}/marktlokationsId`),
      );
    });

    it('should accept freitext as an object or a string, nothing else', () => {
      expect(create((body) => (body.transaktionsdaten.freitext = 'Blabla'))).toEqual([]);
      expect(create((body) => (body.transaktionsdaten.freitext = { freitext1: 'Blabla', freitext2: 2 }))).toEqual([
        { pointer: '#/transaktionsdaten/freitext/freitext2', message: 'must be a string' },
      ]);
      expect(create((body) => (body.transaktionsdaten.freitext = 1))).toEqual([
        { pointer: '#/transaktionsdaten/freitext', message: 'must be an object or a string' },
      ]);
    });

    it('should not let a __proto__ key switch off validation', () => {
      const body = JSON.parse('{"__proto__": {"x": 1}, "transaktionsdaten": {"nachrichtendatum": 1}}');
      expect(validateProcessData('LF', 'create', body)).toEqual([
        { pointer: '#/transaktionsdaten/nachrichtendatum', message: 'must be an RFC 3339 date-time' },
      ]);
    });
  });

  describe('shapes the documents disagree on (backend-interface §9)', () => {
    const stammdaten = (content: Body): FieldViolation[] =>
      validateProcessData('MSB', 'create', {
        stammdaten: content,
        transaktionsdaten: {},
        zusatzdaten: { businessKey: 'k' },
      });

    it('should take ANFRAGE and LOKATIONSBUENDEL as a list or, as PIs 17131, 19124 and 55035 specify, as one object', () => {
      expect(
        stammdaten({ ANFRAGE: { anfragekategorie: 'AENDERUNG' }, LOKATIONSBUENDEL: [{ lokationsbuendelNummer: 1 }] }),
      ).toEqual([]);
      expect(
        stammdaten({ ANFRAGE: { anfragekategorie: 5 }, LOKATIONSBUENDEL: { lokationsbuendelNummer: '1' } }),
      ).toEqual([
        { pointer: '#/stammdaten/ANFRAGE/anfragekategorie', message: 'must be a string' },
        { pointer: '#/stammdaten/LOKATIONSBUENDEL/lokationsbuendelNummer', message: 'must be a number' },
      ]);
      expect(stammdaten({ ANFRAGE: 'AENDERUNG', LOKATIONSBUENDEL: [{}, 'B', [{}]] })).toEqual([
        { pointer: '#/stammdaten/ANFRAGE', message: 'must be an array or an object' },
        { pointer: '#/stammdaten/LOKATIONSBUENDEL/1', message: 'must be an object' },
        { pointer: '#/stammdaten/LOKATIONSBUENDEL/2', message: 'must be an object' },
      ]);
    });

    it('should take detailsPrognosegrundlage items as strings or lists of strings, locating a wrong one', () => {
      expect(stammdaten({ BILANZIERUNG: [{ detailsPrognosegrundlage: ['SLP_SEP', ['TLP_TEP']] }] })).toEqual([]);
      expect(
        stammdaten({
          BILANZIERUNG: [{ detailsPrognosegrundlage: [['TLP_TEP', 1], 2] }, { detailsPrognosegrundlage: 'SLP_SEP' }],
        }),
      ).toEqual([
        { pointer: '#/stammdaten/BILANZIERUNG/0/detailsPrognosegrundlage/0/1', message: 'must be a string' },
        { pointer: '#/stammdaten/BILANZIERUNG/0/detailsPrognosegrundlage/1', message: 'must be a string or an array' },
        { pointer: '#/stammdaten/BILANZIERUNG/1/detailsPrognosegrundlage', message: 'must be an array' },
      ]);
    });

    it('should take a BO reference as the code payloads send or as the BO the schemas give, checking the BO', () => {
      expect(
        stammdaten({ MARKTLOKATION: [{ leistungskurvendefinition: 'LK01' }], NETZLOKATION: [{ steuerkanal: true }] }),
      ).toEqual([]);
      expect(
        stammdaten({
          MARKTLOKATION: [{ leistungskurvendefinition: { boTyp: 'LEISTUNGSKURVENDEFINITION', versionStruktur: 1 } }],
          NETZLOKATION: [{ steuerkanal: 'ja' }],
          STEUERBARE_RESSOURCE: [{ zugeordneteDefinition: { schaltzeitdefinition: ['SZ01'] } }],
        }),
      ).toEqual([
        {
          pointer: '#/stammdaten/MARKTLOKATION/0/leistungskurvendefinition/versionStruktur',
          message: 'must be a string',
        },
        { pointer: '#/stammdaten/NETZLOKATION/0/steuerkanal', message: 'must be a boolean or an object' },
        {
          pointer: '#/stammdaten/STEUERBARE_RESSOURCE/0/zugeordneteDefinition/schaltzeitdefinition',
          message: 'must be a string or an object',
        },
      ]);
    });

    it('should take sender-level rufnummern as a list or, as PIs 21033 and 21043 specify, as one object', () => {
      const absender = (rufnummern: unknown) =>
        validateProcessData('LF', 'create', {
          transaktionsdaten: { absender: { rollencodenummer: '9900512000004', rufnummern } },
        });
      expect(absender({ nummerntyp: 'RUF_ZENTRALE', rufnummer: '+4964215550123' })).toEqual([]);
      expect(absender({ nummerntyp: 1 })).toEqual([
        { pointer: '#/transaktionsdaten/absender/rufnummern/nummerntyp', message: 'must be a string' },
      ]);
      expect(absender([{ nummerntyp: 1 }])).toEqual([
        { pointer: '#/transaktionsdaten/absender/rufnummern/0/nummerntyp', message: 'must be a string' },
      ]);
    });

    it('should keep the doc typos that are part of the wire format', () => {
      const transaktionsdaten = {
        antwortstatusCodelistedritter: 'E_0594',
        idempodenzschluessel: '7d1e5f0c',
        sendungsposition: '1',
      };
      expect(validateProcessData('LF', 'update', { transaktionsdaten, zusatzdaten: { businessKey: 'k' } })).toEqual([]);
      expect(
        validateProcessData('LF', 'update', {
          transaktionsdaten: { idempodenzschluessel: 1, sendungsposition: true },
          zusatzdaten: { businessKey: 'k' },
        }),
      ).toEqual([
        { pointer: '#/transaktionsdaten/idempodenzschluessel', message: 'must be a string' },
        { pointer: '#/transaktionsdaten/sendungsposition', message: 'must be a number or a string' },
      ]);
    });
  });

  describe("the vendor's own bodies (reference/samples/vendor), which follow its BO4E dictionary", () => {
    const vendorBody = (file: string, operation: 'create' | 'update'): Body => {
      const body: Body = withBusinessKey(readJson(path.join(SAMPLES_DIR, 'vendor', file)) as Body);
      if (operation === 'update') body.zusatzdaten = { ...body.zusatzdaten, targetBusinessKey: 'target-business-key' };
      return body;
    };

    // 55006 (`"stammdaten": []`) is left out: an empty list for the stammdaten object is not a shape of the classes.
    it.each([
      ['lf-create-13017-meter-reading.json', 'create'],
      ['lf-create-55650-compact-dates.json', 'create'],
      ['lf-update-55035-verbrauchsart-array.json', 'update'],
    ] as const)('should accept %s for LF', (file, operation) => {
      expect(validateProcessData('LF', operation, vendorBody(file, operation))).toEqual([]);
    });

    it('should take meter readings as the vendor sends them and as the published schemas describe them (strict mode refuses neither)', () => {
      const body = vendorBody('lf-create-13017-meter-reading.json', 'create');
      const verbrauch = body.stammdaten.ENERGIEMENGE[0].energieverbrauch[0];
      expect(verbrauch).toMatchObject({ position: 1, wert: 1234567.357 });
      expect(validateProcessData('LF', 'create', body)).toEqual([]);
      // The published MSCONS schemas: a decimal string, a position as text, plain date strings — accepted before.
      Object.assign(verbrauch, { wert: '1234567.357', position: '1', ablesedatum: '20230301' });
      expect(validateProcessData('LF', 'create', body)).toEqual([]);
      verbrauch.wert = true;
      expect(validateProcessData('LF', 'create', body)).toEqual([
        {
          pointer: '#/stammdaten/ENERGIEMENGE/0/energieverbrauch/0/wert',
          message: expect.stringMatching(/^must be a number or a string$|^must be /),
        },
      ]);
    });

    it('should take verbrauchsart as a list of codes or one code, and a Handelsunstimmigkeit grund as one code or a list', () => {
      const body = vendorBody('lf-update-55035-verbrauchsart-array.json', 'update');
      body.stammdaten.HANDELSUNSTIMMIGKEIT = [{ begruendung: { grund: 'Z01' } }, { begruendung: { grund: ['Z01'] } }];
      body.stammdaten.TECHNISCHE_RESSOURCE[0].verbrauchsart = 'EMOB';
      expect(validateProcessData('LF', 'update', body)).toEqual([]);
      body.stammdaten.TECHNISCHE_RESSOURCE[0].verbrauchsart = [1];
      expect(validateProcessData('LF', 'update', body)).toEqual([
        { pointer: '#/stammdaten/TECHNISCHE_RESSOURCE/0/verbrauchsart/0', message: 'must be a string' },
      ]);
    });

    it('should take transaktionsdaten.infoAbweichung as free text', () => {
      const body = vendorBody('lf-create-13017-meter-reading.json', 'create');
      body.transaktionsdaten.infoAbweichung = 'Abweichung laut FTX+ABO';
      expect(validateProcessData('LF', 'create', body)).toEqual([]);
    });
  });

  describe('roles', () => {
    it('should validate the same body alike for every role, as BO4E shapes do not depend on the role', () => {
      const body = withBusinessKey(readJson(path.join(SAMPLES_DIR, 'nb-create-55001.json')) as Body);
      expect(validateProcessData('NB', 'create', body)).toEqual([]);
      expect(validateProcessData('MSB', 'create', body)).toEqual([]);
      expect(validateProcessData('NB', 'update', { ...body, transaktionsdaten: 1 })).toEqual([
        { pointer: '#/transaktionsdaten', message: 'must be an object' },
      ]);
      expect(validateProcessData('MSB', 'update', { ...body, zusatzdaten: {} })).toEqual([
        { pointer: '#/zusatzdaten/businessKey', message: 'is required' },
      ]);
    });
  });
});
