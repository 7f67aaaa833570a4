import { expandablePaths, flattenTree, togglePath } from './tree';

const value = {
  stammdaten: { MARKTLOKATION: [{ marktlokationsId: '50074561192', sparte: 'STROM' }] },
  transaktionsdaten: { pruefidentifikator: '55001' },
  'a/b': true,
  empty: {},
  nothing: null,
};

describe('flattenTree', () => {
  it('should show only the top level, keys sorted, while nothing is expanded', () => {
    const rows = flattenTree(value, new Set());

    expect(rows.map((row) => [row.path, row.label, row.kind, row.text, row.expandable])).toEqual([
      ['/a~1b', 'a/b', 'boolean', 'true', false],
      ['/empty', 'empty', 'object', '{0}', false],
      ['/nothing', 'nothing', 'null', 'null', false],
      ['/stammdaten', 'stammdaten', 'object', '{1}', true],
      ['/transaktionsdaten', 'transaktionsdaten', 'object', '{1}', true],
    ]);
    expect(rows.every((row) => row.depth === 0 && !row.expanded)).toBe(true);
  });

  it('should show the members of expanded nodes, arrays with their indexes, one level deeper', () => {
    const rows = flattenTree(
      value,
      new Set(['/stammdaten', '/stammdaten/MARKTLOKATION', '/stammdaten/MARKTLOKATION/0']),
    );

    const inside = rows.filter((row) => row.path.startsWith('/stammdaten'));
    expect(inside.map((row) => [row.depth, row.label, row.text])).toEqual([
      [0, 'stammdaten', '{1}'],
      [1, 'MARKTLOKATION', '[1]'],
      [2, '[0]', '{2}'],
      [3, 'marktlokationsId', '"50074561192"'],
      [3, 'sparte', '"STROM"'],
    ]);
    expect(inside[2].path).toBe('/stammdaten/MARKTLOKATION/0');
  });

  it('should keep the members of a node hidden when its parent is closed', () => {
    const rows = flattenTree(value, new Set(['/stammdaten/MARKTLOKATION']));
    expect(rows.some((row) => row.path === '/stammdaten/MARKTLOKATION')).toBe(false);
  });

  it('should show a scalar as one row', () => {
    expect(flattenTree('x', new Set())).toEqual([
      { path: '', depth: 0, label: '(value)', kind: 'string', text: '"x"', expandable: false, expanded: false },
    ]);
  });
});

describe('expandablePaths and togglePath', () => {
  it('should list every node with members, to a depth', () => {
    expect(expandablePaths(value)).toEqual([
      '/stammdaten',
      '/stammdaten/MARKTLOKATION',
      '/stammdaten/MARKTLOKATION/0',
      '/transaktionsdaten',
    ]);
    expect(expandablePaths(value, 0)).toEqual(['/stammdaten', '/transaktionsdaten']);
  });

  it('should open a closed path and close an open one without changing the given set', () => {
    const closed = new Set<string>();
    const opened = togglePath(closed, '/a');

    expect([...opened]).toEqual(['/a']);
    expect([...togglePath(opened, '/a')]).toEqual([]);
    expect(closed.size).toBe(0);
  });
});
