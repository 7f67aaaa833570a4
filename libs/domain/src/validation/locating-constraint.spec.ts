import { Stammdaten } from '../envelope/stammdaten';
import type { LocatingConstraintBase } from './locating-constraint';
import { ObjectOrObjectArrayConstraint } from './object-or-object-array';
import { StringListConstraint } from './string-list';
import { UndeclaredKeysHoldObjectArraysConstraint } from './undeclared-keys';

const VALUES: unknown[] = [
  ...[undefined, null, '', 'x', 1, true, {}, [], ['x'], [1], [null], ['x', ['y']], [['x', 1]], [[]], [{}], [{}, 'x']],
  ...[{ a: [] }, { a: [{}] }, { a: 'x' }, { a: [1] }, { MARKTLOKATION: 'x' }, { MARKTLOKATION: [{}], NEU: [{ b: 1 }] }],
];

/** `passes` is the fast check's shortcut: it must say yes exactly when `locate` finds nothing. */
describe('LocatingConstraint passes', () => {
  const cases: [string, LocatingConstraintBase, unknown[]][] = [
    ['isObjectOrObjectArray', new ObjectOrObjectArrayConstraint(), []],
    ['isStringList', new StringListConstraint(), [{}]],
    ['isStringList orSingle', new StringListConstraint(), [{ orSingle: true }]],
    ['isStringList nested', new StringListConstraint(), [{ nested: true }]],
    ['undeclaredKeysHoldObjectArrays', new UndeclaredKeysHoldObjectArraysConstraint(), [() => Stammdaten]],
  ];

  it.each(cases)('should agree with locate for %s', (_name, constraint, constraints) => {
    for (const value of VALUES) {
      expect([value, constraint.passes(value, constraints)]).toEqual([
        value,
        constraint.locate(value, constraints).length === 0,
      ]);
    }
  });
});
