import { ahbSegments } from './ahb-tables';
import { senderRoles } from './catalogue';
import { compareConditions } from './conditions';
import { parseCsv } from './io';
import { csvMappingEntries } from './mapping-csv';
import { deriveRulesOfPi, expressionTable, matchSegments } from './pi-rules';

// The generator's output is pinned by libs/ahb (findings.spec.ts compares it with the committed data); these pin the
// seams between its modules on a table and a CSV small enough to read.

/** A mapping CSV of one group SG2 with NAD+MS (the sender's MP-ID) and one PI column, 55001. */
const csv = [
  ',,segment,,status,,,level,name,example,stamm- oder transaktionsdaten,bo,field,55001',
  ',,,,,,,,,,,,,',
  ',,SG2,,M,,,1,MP-ID,,,,,Muss',
  `,,NAD,,M,,,2,MP-ID Absender,"NAD+MS+9900000000003::293'",T,absender,rollencodenummer,X`,
].join('\n');

/** 55001's AHB table of that group; `nad` is the NAD's expression. */
const table = (nad: string) => [
  {
    line_type: 'segment_group',
    segment_group_key: 'SG2',
    segment_code: '',
    ahb_expression: 'Muss',
    value_pool_entry: '',
    data_element: '',
  },
  {
    line_type: 'segment',
    segment_group_key: 'SG2',
    segment_code: 'NAD',
    ahb_expression: nad,
    value_pool_entry: '',
    data_element: '',
  },
  {
    line_type: 'code',
    segment_group_key: 'SG2',
    segment_code: 'NAD',
    ahb_expression: 'X',
    value_pool_entry: 'MS',
    data_element: '3035',
  },
  {
    line_type: 'dataelement',
    segment_group_key: 'SG2',
    segment_code: 'NAD',
    ahb_expression: 'X',
    value_pool_entry: '',
    data_element: '3039',
  },
];

const shapes = new Map([['transaktionsdaten.absender', 'object' as const]]);

describe('the rules of one PI from its AHB table and the mapping CSV', () => {
  const mapping = csvMappingEntries(parseCsv(csv));

  it('should read the CSV line with its context, qualifier, BO4E path and PI column', () => {
    expect(mapping.csvPis).toEqual(['55001']);
    expect(mapping.entries).toMatchObject([
      {
        code: 'NAD',
        qualifiers: ['MS'],
        context: 'SG2:NAD+MS',
        paths: ['transaktionsdaten.absender.rollencodenummer'],
      },
    ]);
  });

  it('should match the table segment of the same context and qualifier', () => {
    const segments = ahbSegments(table('Muss'), {});
    expect(segments.map((segment) => segment.label)).toEqual(['SG2 NAD+MS']);
    expect(matchSegments(mapping.entries[0], segments)).toEqual(segments);
  });

  it('should make the field mandatory where group, segment and element are unconditional', () => {
    const rules = deriveRulesOfPi(
      '55001',
      'FV2510',
      ahbSegments(table('Muss'), {}),
      mapping,
      shapes,
      expressionTable(),
      undefined,
    );
    expect(rules).toMatchObject({
      fields: [
        {
          path: 'transaktionsdaten.absender.rollencodenummer',
          expression: 'SG2 Muss › NAD Muss',
          segment: 'SG2 NAD+MS',
        },
      ],
      conditionalSkipped: 0,
    });
  });

  it('should count the field as skipped, with its condition, where the segment is conditional', () => {
    const rules = deriveRulesOfPi(
      '55001',
      'FV2510',
      ahbSegments(table('Muss [1]'), {}),
      mapping,
      shapes,
      expressionTable(),
      undefined,
    );
    expect(rules).toMatchObject({ conditionalSkipped: 1, unexpressedConditions: ['[1]'] });
  });
});

describe(parseCsv.name, () => {
  it('should keep commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('a,"b,c","d ""e""\nf"\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'd "e"\nf'],
      ['1', '2', '3'],
    ]);
  });
});

describe(senderRoles.name, () => {
  it.each([
    ['LF an NB, NB → MSB', ['LF', 'NB']],
    ['NB (ANB) -> LF', ['NB']],
    ['ÜNB → NB', []],
    ['verschiedenen Marktrollen', []],
  ])('should name the backend senders of %s', (direction, roles) => {
    expect([...senderRoles(direction)]).toEqual(roles);
  });
});

describe(compareConditions.name, () => {
  it('should put operators first, then condition keys by number', () => {
    expect(['[10]', 'Soll', '[2]', '[UB1]'].sort(compareConditions)).toEqual(['Soll', '[UB1]', '[2]', '[10]']);
  });
});
