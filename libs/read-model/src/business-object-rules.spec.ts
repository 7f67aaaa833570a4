import {
  BUSINESS_OBJECT_RULES,
  describeBusinessObjects,
  locationTypesOfId,
  MESSAGE_LOCATION_LIMIT,
  validityOf,
} from './index';

describe('business object rules', () => {
  describe(describeBusinessObjects.name, () => {
    const stammdaten = {
      MARKTLOKATION: [{ marktlokationsId: '50074561188' }],
      MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037' }],
      BILANZIERUNG: [{ marktlokationsId: '50074561188', bilanzierungsbeginn: '2024-06-30T22:00:00Z' }],
      NETZNUTZUNGSVERTRAG: [
        {
          lokationsId: '50074561188',
          lokationsTyp: 'MALO',
          vertragsbeginn: '2024-06-30T22:00:00Z',
          vertragsende: '2025-06-30T22:00:00Z',
        },
      ],
      TECHNISCHE_RESSOURCE: [{ ressourcenId: 'D417MLM8164', referenzMarktlokation: '50074561188' }],
      LOKATIONSBUENDEL: [
        {
          lokationsbuendelstrukturId: '9992000000034',
          zuordnungObjectcode: [{ referenzLokationsId: '50074561188', referenzLokationsTyp: 'MALO' }],
        },
      ],
      STATUSMITTEILUNG: [{ any: 'kind without a rule' }],
    };

    it('should give each object its id, validity and locations (own, named, and the message’s of other types)', () => {
      expect(describeBusinessObjects(stammdaten)).toEqual([
        {
          k: 'MARKTLOKATION',
          n: 0,
          i: '50074561188',
          f: null,
          t: null,
          l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'],
        },
        {
          k: 'MESSLOKATION',
          n: 0,
          i: 'DE0032106765712000000000000000037',
          f: null,
          t: null,
          l: ['MELO:DE0032106765712000000000000000037', 'MALO:50074561188', 'TECHNISCHE_RESSOURCE:D417MLM8164'],
        },
        {
          k: 'BILANZIERUNG',
          n: 0,
          i: '50074561188',
          f: '2024-06-30T22:00:00.000Z',
          t: null,
          l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'],
        },
        {
          k: 'NETZNUTZUNGSVERTRAG',
          n: 0,
          i: 'MALO:50074561188',
          f: '2024-06-30T22:00:00.000Z',
          t: '2025-06-30T22:00:00.000Z',
          l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'],
        },
        {
          k: 'TECHNISCHE_RESSOURCE',
          n: 0,
          i: 'D417MLM8164',
          f: null,
          t: null,
          l: ['TECHNISCHE_RESSOURCE:D417MLM8164', 'MALO:50074561188', 'MELO:DE0032106765712000000000000000037'],
        },
        {
          k: 'LOKATIONSBUENDEL',
          n: 0,
          i: '9992000000034@MALO:50074561188',
          f: null,
          t: null,
          l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'],
        },
      ]);
    });

    it('should take kinds named like Object.prototype members for unknown kinds', () => {
      const polluted = JSON.parse('{"constructor": {"x": 1}, "__proto__": [{"y": 1}], "toString": []}') as unknown;
      expect(describeBusinessObjects(polluted)).toEqual([]);
      expect(
        describeBusinessObjects({ NETZNUTZUNGSVERTRAG: [{ lokationsId: '1', lokationsTyp: 'constructor' }] })[0].i,
      ).toBe('MALO:1');
    });

    it('should describe a kind that holds a single object (not an array) with index null', () => {
      expect(describeBusinessObjects({ MARKTLOKATION: { marktlokationsId: '50074561188' } })).toEqual([
        { k: 'MARKTLOKATION', n: null, i: '50074561188', f: null, t: null, l: ['MALO:50074561188'] },
      ]);
    });

    it('should describe only what changed against the previous state', () => {
      const previous = {
        MARKTLOKATION: [{ marktlokationsId: '50074561188' }],
        MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037', x: 1 }],
      };
      const next = {
        MARKTLOKATION: [{ marktlokationsId: '50074561188' }],
        MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037', x: 2 }],
      };
      expect(describeBusinessObjects(next, previous).map((d) => d.k)).toEqual(['MESSLOKATION']);
    });

    it('should skip objects without an id, keep the last of a repeated id, and not link a bulk message’s locations', () => {
      expect(
        describeBusinessObjects({ MARKTLOKATION: [{ sparte: 'STROM' }, { marktlokationsId: 'x'.repeat(200) }] }),
      ).toEqual([]);
      expect(
        describeBusinessObjects({ MARKTLOKATION: [{ marktlokationsId: '1' }, { marktlokationsId: '1' }] }).map(
          (d) => d.n,
        ),
      ).toEqual([1]);
      const many = Array.from({ length: MESSAGE_LOCATION_LIMIT + 1 }, (_, i) => ({
        messlokationsId: `DE${String(i).padStart(31, '0')}`,
      }));
      const [malo] = describeBusinessObjects({
        MARKTLOKATION: [{ marktlokationsId: '50074561188' }],
        MESSLOKATION: many,
      });
      expect(malo.l).toEqual(['MALO:50074561188']);
    });
  });

  describe('kinds read by something else than their location', () => {
    const describeOne = (kind: string, object: Record<string, unknown>) =>
      describeBusinessObjects({ [kind]: [object] })[0];

    it('should key an Avis by its number, communication data by the ILN, and a definition by each of its codes', () => {
      expect(describeOne('AVIS', { avisNummer: 'AV-1' })).toMatchObject({ i: 'AV-1', l: ['ID:AV-1'] });
      expect(
        describeOne('KOMMUNIKATIONSDATEN', {
          gueltigkeit: '2024-06-30T22:00:00Z',
          marktteilnehmer: { rollencodenummer: '9900000000002' },
        }),
      ).toMatchObject({
        i: '9900000000002',
        f: '2024-06-30T22:00:00.000Z',
        l: ['ID:9900000000002'],
      });
      expect(
        describeOne('SCHALTZEITDEFINITION', { schaltzeiten: [{ code: 'B' }, { code: 'A' }, { code: 'B' }] }),
      ).toMatchObject({ i: 'A|B', l: ['ID:B', 'ID:A'] });
      expect(
        describeOne('ZAEHLZEITDEFINITION', { code: 'Z1', beginndatum: '2024-01-01', endedatum: '2025-01-01' }),
      ).toMatchObject({
        i: 'Z1',
        f: '2024-01-01T00:00:00.000Z',
        t: '2025-01-01T00:00:00.000Z',
      });
    });

    it('should make an energy amount its location, period and OBIS codes, compacting a long id to fit the index', () => {
      const amount = {
        lokationsId: 'DE0032106765712000000000000000037',
        startdatum: '2024-01-01T00:00:00Z',
        energieverbrauch: [{ obiskennzahl: '1-1:1.8.0' }],
      };
      expect(describeOne('ENERGIEMENGE', amount)).toMatchObject({
        i: 'MELO:DE0032106765712000000000000000037|2024-01-01T00:00:00Z||1-1:1.8.0',
        f: '2024-01-01T00:00:00.000Z',
        l: ['MELO:DE0032106765712000000000000000037'],
      });
      const many = {
        ...amount,
        energieverbrauch: Array.from({ length: 20 }, (_, i) => ({ obiskennzahl: `1-1:1.8.${i}` })),
      };
      const id = describeOne('ENERGIEMENGE', many).i;
      expect(id).toHaveLength(60 + 1 + 64);
      expect(describeOne('ENERGIEMENGE', { ...many, energieverbrauch: [...many.energieverbrauch].reverse() }).i).toBe(
        id,
      );
    });

    it('should link a formula to its location and the locations of its steps', () => {
      expect(
        describeOne('BERECHNUNGSFORMEL', {
          lokationsId: '51238696781',
          lokationsTyp: 'MALO',
          rechenschritte: [{ messlokationsId: 'DE0009697056900614312080040415222', marktlokationsId: '51238696781' }],
        }),
      ).toMatchObject({ i: 'MALO:51238696781', l: ['MALO:51238696781', 'MELO:DE0009697056900614312080040415222'] });
    });

    it('should key an authorisation by supplier, balancing group and time-series type, with or without a MaLo', () => {
      const supplier = { rollencodenummer: '9979052000006' };
      // MaLo-specific: read through its MaLo, with the id it had before the time-series type joined it.
      expect(
        describeOne('ZUORDNUNGSERMAECHTIGUNG', {
          marktlokationsId: '51238696781',
          lieferant: supplier,
          bilanzkreis: '11XBK',
        }),
      ).toMatchObject({
        i: '51238696781|9979052000006|11XBK',
        l: ['MALO:51238696781'],
      });
      // For every MaLo of the supplier in that balancing group: read through the supplier's key.
      expect(
        describeOne('ZUORDNUNGSERMAECHTIGUNG', { lieferant: supplier, bilanzkreis: '11XBK', zeitreihentyp: 'SLS' }),
      ).toMatchObject({
        i: '*|9979052000006|11XBK|SLS',
        l: ['ID:9979052000006'],
      });
      expect(
        describeOne('ZUORDNUNGSERMAECHTIGUNG', { rollencodenummer: '9979052000006', bilanzkreis: '11XBK' }).i,
      ).toBe('*|9979052000006|11XBK|');
      expect(describeOne('ZUORDNUNGSERMAECHTIGUNG', { marktlokationsId: '51238696781' })).toBeUndefined();
    });
  });

  describe('objects without an id of their own', () => {
    // The real LF 55001 shape: the MaLo has its id, the contracts and the Bilanzierung have none.
    const message = {
      MARKTLOKATION: [{ marktlokationsId: '50074561192' }],
      NETZNUTZUNGSVERTRAG: [{ vertragsart: 'NETZNUTZUNGSVERTRAG', vertragsbeginn: '2024-12-31T23:00:00Z' }],
      ENERGIELIEFERVERTRAG: [{ vertragsart: 'ENERGIELIEFERVERTRAG' }],
      MESSSTELLENBETRIEBSVERTRAG: [{ vertragsart: 'MESSSTELLENBETRIEBSVERTRAG' }],
      BILANZIERUNG: [{ bilanzkreis: '11XBK' }],
    };

    it('should take the id of the message’s location they belong to, as if they named it', () => {
      const described = describeBusinessObjects(message);
      expect(described.map(({ k, i, l }) => [k, i, l])).toEqual([
        ['MARKTLOKATION', '50074561192', ['MALO:50074561192']],
        ['NETZNUTZUNGSVERTRAG', 'MALO:50074561192', ['MALO:50074561192']],
        ['ENERGIELIEFERVERTRAG', 'MALO:50074561192', ['MALO:50074561192']],
        ['MESSSTELLENBETRIEBSVERTRAG', 'MALO:50074561192', ['MALO:50074561192']],
        ['BILANZIERUNG', '50074561192', ['MALO:50074561192']],
      ]);
      // The same ids as objects that name the MaLo: a later message naming it supersedes these versions.
      const naming = describeBusinessObjects({
        NETZNUTZUNGSVERTRAG: [{ lokationsId: '50074561192', lokationsTyp: 'MALO' }],
        BILANZIERUNG: [{ marktlokationsId: '50074561192' }],
      });
      expect(naming.map(({ i }) => i)).toEqual(['MALO:50074561192', '50074561192']);
    });

    it('should fall back to the next location type, and give none when the message has several of the type', () => {
      const tranche = describeBusinessObjects({ TRANCHE: [{ tranchenId: '50074561188' }], BILANZIERUNG: [{}] });
      expect(tranche[1]).toMatchObject({ k: 'BILANZIERUNG', i: 'TRANCHE:50074561188' });
      const melo = describeBusinessObjects({
        MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037' }],
        MESSSTELLENBETRIEBSVERTRAG: [{}],
      });
      expect(melo[1]).toMatchObject({ i: 'MELO:DE0032106765712000000000000000037' });
      const two = describeBusinessObjects({
        MARKTLOKATION: [{ marktlokationsId: '50074561192' }, { marktlokationsId: '50074561188' }],
        NETZNUTZUNGSVERTRAG: [{}],
      });
      expect(two.map(({ k }) => k)).toEqual(['MARKTLOKATION', 'MARKTLOKATION']);
    });

    it('should find the formula’s location in UTILTS transaktionsdaten and a price sheet’s owner in the sender', () => {
      const utilts = describeBusinessObjects({ BERECHNUNGSFORMEL: [{ rechenschrittId: 1 }] }, undefined, {
        transaktionsdaten: { lokationsId: '50074561192' },
      });
      expect(utilts).toEqual([expect.objectContaining({ i: 'MALO:50074561192', l: ['MALO:50074561192'] })]);
      // In a process that holds other MaLos (an update's merged state) the transaction's location still decides.
      const merged = describeBusinessObjects(
        { MARKTLOKATION: [{ marktlokationsId: '50074561188' }], BERECHNUNGSFORMEL: [{}] },
        undefined,
        { transaktionsdaten: { lokationsId: '50074561192' } },
      );
      expect(merged[1]).toMatchObject({ k: 'BERECHNUNGSFORMEL', i: 'MALO:50074561192' });
      const pricat = { transaktionsdaten: { absender: { rollencodenummer: '9900000000002' }, kategorie: 'Z32' } };
      const sheets = describeBusinessObjects(
        { PREISBLATT: [{ gueltigkeit: { startdatum: '2026-01-01' } }, {}] },
        undefined,
        pricat,
      );
      expect(sheets.map(({ i, f }) => [i, f])).toEqual([
        ['9900000000002|Z32|0', '2026-01-01T00:00:00.000Z'],
        ['9900000000002|Z32|1', null],
      ]);
      expect(describeBusinessObjects({ PREISBLATT: [{}] })).toEqual([]);
    });

    it('should compare an update’s objects with the previous state under the same ids', () => {
      const changed = { ...message, BILANZIERUNG: [{ bilanzkreis: '11XOTHER' }] };
      expect(describeBusinessObjects(changed, message).map(({ k, i }) => [k, i])).toEqual([
        ['BILANZIERUNG', '50074561192'],
      ]);
      expect(describeBusinessObjects(message, message)).toEqual([]);
    });
  });

  describe('meters', () => {
    it('should make a meter a location of its message, and link a MeLo to the meters it names', () => {
      const gas = describeBusinessObjects({
        MARKTLOKATION: [{ marktlokationsId: '50074561192', sparte: 'GAS' }],
        MESSLOKATION: [
          {
            messlokationsId: 'DE0032106765712000000000000000037',
            messlokationszaehler: [{ zaehlernummer: '7GMT123' }],
          },
        ],
        ZAEHLER: [{ zaehlernummer: '7GMT123', sparte: 'GAS' }],
      });
      expect(gas.map(({ k, l }) => [k, l])).toEqual([
        ['MARKTLOKATION', ['MALO:50074561192', 'MELO:DE0032106765712000000000000000037', 'ZAEHLER:7GMT123']],
        ['MESSLOKATION', ['MELO:DE0032106765712000000000000000037', 'ZAEHLER:7GMT123', 'MALO:50074561192']],
        ['ZAEHLER', ['ZAEHLER:7GMT123', 'MALO:50074561192', 'MELO:DE0032106765712000000000000000037']],
      ]);
      // A meter only a MeLo names is still one of the message's locations.
      const named = describeBusinessObjects({
        MARKTLOKATION: [{ marktlokationsId: '50074561192' }],
        MESSLOKATION: [{ messlokationsId: 'M1', geraete: [{ geraetenummer: 'G1' }] }],
      });
      expect(named[0].l).toContain('ZAEHLER:G1');
    });
  });

  describe(validityOf.name, () => {
    const rule = BUSINESS_OBJECT_RULES['MARKTLOKATION'];

    it('should take the first pair with a usable date and leave the rest open', () => {
      expect(
        validityOf(rule, { gueltigkeitszeitraum: { startdatum: '2024-01-01T00:00:00Z', enddatum: null } }),
      ).toEqual(['2024-01-01T00:00:00.000Z', null]);
      expect(
        validityOf(rule, {
          gueltigkeitszeitraum: { startdatum: null },
          gueltigAb: '2024-01-01',
          gueltigBis: '2025-01-01',
        }),
      ).toEqual(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
      expect(validityOf(rule, {})).toEqual([null, null]);
    });

    it('should ignore dates it cannot read unambiguously, and an end not after the start', () => {
      expect(validityOf(rule, { gueltigAb: '2024-01-01T00:00:00' })).toEqual([null, null]);
      expect(validityOf(rule, { gueltigAb: 'morgen' })).toEqual([null, null]);
      expect(validityOf(rule, { gueltigAb: '2024-01-01T00:00:00Z', gueltigBis: '2024-01-01T00:00:00Z' })).toEqual([
        '2024-01-01T00:00:00.000Z',
        null,
      ]);
    });

    it('should prefer the contract dates for contracts and the balancing dates for Bilanzierung', () => {
      expect(
        validityOf(BUSINESS_OBJECT_RULES['ENERGIELIEFERVERTRAG'], {
          vertragsbeginn: '2024-01-01T00:00:00Z',
          gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
        }),
      ).toEqual(['2024-01-01T00:00:00.000Z', null]);
      expect(validityOf(BUSINESS_OBJECT_RULES['BILANZIERUNG'], { bilanzierungsende: '2025-10-31T23:00:00Z' })).toEqual([
        null,
        '2025-10-31T23:00:00.000Z',
      ]);
    });
  });

  describe(locationTypesOfId.name, () => {
    it.each([
      ['50074561188', ['MALO', 'TRANCHE']],
      ['DE0032106765712000000000000000037', ['MELO']],
      ['E1688117482', ['NELO']],
      ['D417MLM8164', ['TECHNISCHE_RESSOURCE']],
      ['C816417ST77', ['STEUERBARE_RESOURCE']],
      ['anything', ['MALO']],
    ])('should read %s as %j', (id, types) => {
      expect(locationTypesOfId(id)).toEqual(types);
    });
  });
});
