import { BUSINESS_OBJECT_RULES, describeBusinessObjects, locationTypesOfId, MESSAGE_LOCATION_LIMIT, validityOf } from './business-object-rules';

describe('business object rules', () => {
  describe(describeBusinessObjects.name, () => {
    const stammdaten = {
      MARKTLOKATION: [{ marktlokationsId: '50074561188' }],
      MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037' }],
      BILANZIERUNG: [{ marktlokationsId: '50074561188', bilanzierungsbeginn: '2024-06-30T22:00:00Z' }],
      NETZNUTZUNGSVERTRAG: [{ lokationsId: '50074561188', lokationsTyp: 'MALO', vertragsbeginn: '2024-06-30T22:00:00Z', vertragsende: '2025-06-30T22:00:00Z' }],
      TECHNISCHE_RESSOURCE: [{ ressourcenId: 'D417MLM8164', referenzMarktlokation: '50074561188' }],
      LOKATIONSBUENDEL: [{ lokationsbuendelstrukturId: '9992000000034', zuordnungObjectcode: [{ referenzLokationsId: '50074561188', referenzLokationsTyp: 'MALO' }] }],
      STATUSMITTEILUNG: [{ any: 'kind without a rule' }],
    };

    it('should give each object its id, validity and locations (own, named, and the message’s of other types)', () => {
      expect(describeBusinessObjects(stammdaten)).toEqual([
        { k: 'MARKTLOKATION', n: 0, i: '50074561188', f: null, t: null, l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'] },
        { k: 'MESSLOKATION', n: 0, i: 'DE0032106765712000000000000000037', f: null, t: null, l: ['MELO:DE0032106765712000000000000000037', 'MALO:50074561188', 'TECHNISCHE_RESSOURCE:D417MLM8164'] },
        { k: 'BILANZIERUNG', n: 0, i: '50074561188', f: '2024-06-30T22:00:00.000Z', t: null, l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'] },
        {
          k: 'NETZNUTZUNGSVERTRAG', n: 0, i: 'MALO:50074561188', f: '2024-06-30T22:00:00.000Z', t: '2025-06-30T22:00:00.000Z',
          l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'],
        },
        { k: 'TECHNISCHE_RESSOURCE', n: 0, i: 'D417MLM8164', f: null, t: null, l: ['TECHNISCHE_RESSOURCE:D417MLM8164', 'MALO:50074561188', 'MELO:DE0032106765712000000000000000037'] },
        { k: 'LOKATIONSBUENDEL', n: 0, i: '9992000000034@MALO:50074561188', f: null, t: null, l: ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TECHNISCHE_RESSOURCE:D417MLM8164'] },
      ]);
    });

    it('should take kinds named like Object.prototype members for unknown kinds', () => {
      const polluted = JSON.parse('{"constructor": {"x": 1}, "__proto__": [{"y": 1}], "toString": []}') as unknown;
      expect(describeBusinessObjects(polluted)).toEqual([]);
      expect(describeBusinessObjects({ NETZNUTZUNGSVERTRAG: [{ lokationsId: '1', lokationsTyp: 'constructor' }] })[0].i).toBe('MALO:1');
    });

    it('should describe a kind that holds a single object (not an array) with index null', () => {
      expect(describeBusinessObjects({ MARKTLOKATION: { marktlokationsId: '50074561188' } })).toEqual([
        { k: 'MARKTLOKATION', n: null, i: '50074561188', f: null, t: null, l: ['MALO:50074561188'] },
      ]);
    });

    it('should describe only what changed against the previous state', () => {
      const previous = { MARKTLOKATION: [{ marktlokationsId: '50074561188' }], MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037', x: 1 }] };
      const next = { MARKTLOKATION: [{ marktlokationsId: '50074561188' }], MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037', x: 2 }] };
      expect(describeBusinessObjects(next, previous).map((d) => d.k)).toEqual(['MESSLOKATION']);
    });

    it('should skip objects without an id, keep the last of a repeated id, and not link a bulk message’s locations', () => {
      expect(describeBusinessObjects({ MARKTLOKATION: [{ sparte: 'STROM' }, { marktlokationsId: 'x'.repeat(200) }] })).toEqual([]);
      expect(describeBusinessObjects({ MARKTLOKATION: [{ marktlokationsId: '1' }, { marktlokationsId: '1' }] }).map((d) => d.n)).toEqual([1]);
      const many = Array.from({ length: MESSAGE_LOCATION_LIMIT + 1 }, (_, i) => ({ messlokationsId: `DE${String(i).padStart(31, '0')}` }));
      const [malo] = describeBusinessObjects({ MARKTLOKATION: [{ marktlokationsId: '50074561188' }], MESSLOKATION: many });
      expect(malo.l).toEqual(['MALO:50074561188']);
    });
  });

  describe(validityOf.name, () => {
    const rule = BUSINESS_OBJECT_RULES['MARKTLOKATION'];

    it('should take the first pair with a usable date and leave the rest open', () => {
      expect(validityOf(rule, { gueltigkeitszeitraum: { startdatum: '2024-01-01T00:00:00Z', enddatum: null } })).toEqual(['2024-01-01T00:00:00.000Z', null]);
      expect(validityOf(rule, { gueltigkeitszeitraum: { startdatum: null }, gueltigAb: '2024-01-01', gueltigBis: '2025-01-01' })).toEqual([
        '2024-01-01T00:00:00.000Z',
        '2025-01-01T00:00:00.000Z',
      ]);
      expect(validityOf(rule, {})).toEqual([null, null]);
    });

    it('should ignore dates it cannot read unambiguously, and an end not after the start', () => {
      expect(validityOf(rule, { gueltigAb: '2024-01-01T00:00:00' })).toEqual([null, null]);
      expect(validityOf(rule, { gueltigAb: 'morgen' })).toEqual([null, null]);
      expect(validityOf(rule, { gueltigAb: '2024-01-01T00:00:00Z', gueltigBis: '2024-01-01T00:00:00Z' })).toEqual(['2024-01-01T00:00:00.000Z', null]);
    });

    it('should prefer the contract dates for contracts and the balancing dates for Bilanzierung', () => {
      expect(validityOf(BUSINESS_OBJECT_RULES['ENERGIELIEFERVERTRAG'], { vertragsbeginn: '2024-01-01T00:00:00Z', gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' } })).toEqual([
        '2024-01-01T00:00:00.000Z',
        null,
      ]);
      expect(validityOf(BUSINESS_OBJECT_RULES['BILANZIERUNG'], { bilanzierungsende: '2025-10-31T23:00:00Z' })).toEqual([null, '2025-10-31T23:00:00.000Z']);
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
