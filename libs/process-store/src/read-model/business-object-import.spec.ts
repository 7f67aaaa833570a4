import { describeImportedObjects } from './business-object-import.repository';

describe('describeImportedObjects', () => {
  it('should describe objects under the per-kind rules, linking only what each object names', () => {
    const { descriptors, refused } = describeImportedObjects({
      MARKTLOKATION: [{ marktlokationsId: '50074561188' }, { marktlokationsId: '50074561199' }],
      ZAEHLER: [{ zaehlernummer: 'Z1', gueltigkeitszeitraum: { startdatum: '2024-01-01' } }],
    });
    expect(refused).toEqual([]);
    expect(descriptors).toEqual([
      { k: 'MARKTLOKATION', n: 0, i: '50074561188', f: null, t: null, l: ['MALO:50074561188'] },
      { k: 'MARKTLOKATION', n: 1, i: '50074561199', f: null, t: null, l: ['MALO:50074561199'] },
      // A booking would link the Zähler to the message's MaLos; an import batch is no message.
      { k: 'ZAEHLER', n: 0, i: 'Z1', f: '2024-01-01T00:00:00.000Z', t: null, l: [] },
    ]);
  });

  it('should refuse unknown kinds, non-objects, objects without an id and repeated ids, each with its pointer', () => {
    const { descriptors, refused } = describeImportedObjects({
      MESSLOKATION: [{ messlokationsId: 'M1' }, null, [], { referenzMarktlokationsId: '50074561188' }, { messlokationsId: 'M1' }],
      GESCHAEFTSPARTNER: [{ name1: 'X' }],
      'A/B~C': {},
      TRANCHE: { tranchenId: '50074561189' },
    });
    expect(descriptors.map(({ k, n, i }) => [k, n, i])).toEqual([
      ['MESSLOKATION', 0, 'M1'],
      ['TRANCHE', null, '50074561189'],
    ]);
    expect(refused.map(({ pointer }) => pointer)).toEqual([
      '#/stammdaten/MESSLOKATION/1',
      '#/stammdaten/MESSLOKATION/2',
      '#/stammdaten/MESSLOKATION/3',
      '#/stammdaten/MESSLOKATION/4',
      '#/stammdaten/GESCHAEFTSPARTNER/0',
      '#/stammdaten/A~1B~0C',
    ]);
    expect(refused[2].message).toContain('messlokationsId');
    expect(refused[3].message).toContain('#/stammdaten/MESSLOKATION/0');
  });

  it('should add the MaLo identification keys for the identifying role only', () => {
    const stammdaten = { ZAEHLER: [{ zaehlernummer: 'Z 1' }] };
    expect(describeImportedObjects(stammdaten).descriptors[0].l).toEqual([]);
    expect(describeImportedObjects(stammdaten, { identification: true }).descriptors[0].l).toEqual(['ID:ZNR|Z1']);
  });
});
