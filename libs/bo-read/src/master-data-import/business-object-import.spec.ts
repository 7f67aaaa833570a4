import { fromEnglish, receivedPointer } from '@maco/domain';
import { describeImportedObjects } from './business-object-import.repository';

describe('describeImportedObjects', () => {
  it('should describe objects under the per-kind rules, a batch of MaLos linked only to what each object names', () => {
    const { descriptors, refused } = describeImportedObjects({
      MARKTLOKATION: [{ marktlokationsId: '50074561188' }, { marktlokationsId: '50074561199' }],
      ZAEHLER: [{ zaehlernummer: 'Z1', gueltigkeitszeitraum: { startdatum: '2024-01-01' } }],
    });
    expect(refused).toEqual([]);
    expect(descriptors).toEqual([
      // Two MaLos: a batch, which cannot say whose meter Z1 is.
      { k: 'MARKTLOKATION', n: 0, i: '50074561188', f: null, t: null, l: ['MALO:50074561188'] },
      { k: 'MARKTLOKATION', n: 1, i: '50074561199', f: null, t: null, l: ['MALO:50074561199'] },
      { k: 'ZAEHLER', n: 0, i: 'Z1', f: '2024-01-01T00:00:00.000Z', t: null, l: ['ZAEHLER:Z1'] },
    ]);
  });

  it('should link a master-data document of one MaLo like a message, ids taken from the MaLo where objects have none', () => {
    const { descriptors, refused } = describeImportedObjects({
      MARKTLOKATION: [{ marktlokationsId: '50074561188' }],
      MESSLOKATION: [{ messlokationsId: 'DE0032106765712000000000000000037' }],
      BILANZIERUNG: [{ bilanzkreis: '11XBK' }],
      TRANCHE: [{ tranchenId: '50074561199' }],
      ENERGIELIEFERVERTRAG: [{ vertragsart: 'ENERGIELIEFERVERTRAG' }],
    });
    expect(refused).toEqual([]);
    expect(descriptors.map(({ k, i, l }) => [k, i, l])).toEqual([
      [
        'MARKTLOKATION',
        '50074561188',
        ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TRANCHE:50074561199'],
      ],
      [
        'MESSLOKATION',
        'DE0032106765712000000000000000037',
        ['MELO:DE0032106765712000000000000000037', 'MALO:50074561188', 'TRANCHE:50074561199'],
      ],
      [
        'BILANZIERUNG',
        '50074561188',
        ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TRANCHE:50074561199'],
      ],
      ['TRANCHE', '50074561199', ['TRANCHE:50074561199', 'MALO:50074561188', 'MELO:DE0032106765712000000000000000037']],
      [
        'ENERGIELIEFERVERTRAG',
        'MALO:50074561188',
        ['MALO:50074561188', 'MELO:DE0032106765712000000000000000037', 'TRANCHE:50074561199'],
      ],
    ]);
  });

  it('should refuse an object without an id whose document has several locations it could belong to', () => {
    const { descriptors, refused } = describeImportedObjects({
      MARKTLOKATION: [{ marktlokationsId: '50074561188' }, { marktlokationsId: '50074561199' }],
      BILANZIERUNG: [{ bilanzkreis: '11XBK' }],
    });
    expect(descriptors.map(({ k }) => k)).toEqual(['MARKTLOKATION', 'MARKTLOKATION']);
    expect(refused).toEqual([
      { pointer: '#/stammdaten/BILANZIERUNG/0', message: expect.stringContaining('one location it belongs to') },
    ]);
  });

  it('should refuse unknown kinds, non-objects, objects without an id and repeated ids, each with its pointer', () => {
    const { descriptors, refused } = describeImportedObjects({
      MESSLOKATION: [
        { messlokationsId: 'M1' },
        null,
        [],
        { referenzMarktlokationsId: '50074561188' },
        { messlokationsId: 'M1' },
      ],
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
    expect(describeImportedObjects(stammdaten).descriptors[0].l).toEqual(['ZAEHLER:Z 1']);
    expect(describeImportedObjects(stammdaten, { identification: true }).descriptors[0].l).toEqual([
      'ZAEHLER:Z 1',
      'ID:ZNR|Z1',
    ]);
  });

  it('should point refusals of an English import into it as sent, the earlier object named in a message too', () => {
    const english = {
      masterData: {
        METERING_LOCATION: [{ meteringLocationId: 'M1' }, { sector: 'ELECTRICITY' }, { meteringLocationId: 'M1' }],
        GESCHAEFTSPARTNER: [{ name1: 'X' }],
      },
    };
    const { stammdaten } = fromEnglish(english) as { stammdaten: Record<string, unknown> };
    const { descriptors, refused } = describeImportedObjects(stammdaten, {}, (pointer) =>
      receivedPointer(english, pointer),
    );
    expect(descriptors.map(({ k, i }) => [k, i])).toEqual([['MESSLOKATION', 'M1']]);
    expect(refused.map(({ pointer }) => pointer)).toEqual([
      '#/masterData/METERING_LOCATION/1',
      '#/masterData/METERING_LOCATION/2',
      '#/masterData/GESCHAEFTSPARTNER/0',
    ]);
    expect(refused[1].message).toContain('as #/masterData/METERING_LOCATION/0 in this import');
  });
});
