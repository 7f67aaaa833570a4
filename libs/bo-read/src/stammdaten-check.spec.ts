import { IMPORT_STAMMDATEN } from './openapi/bo-read-schemas';
import { stammdatenCheck } from './stammdaten-check';

describe(stammdatenCheck.name, () => {
  const check = stammdatenCheck(IMPORT_STAMMDATEN);

  it('should point at #/stammdaten whatever keeps the body from being {"stammdaten": {…}}', () => {
    for (const body of [[], {}, null, 'x', { stammdaten: [] }, { stammdaten: 'x' }]) {
      expect(check(body)).toEqual([{ pointer: '#/stammdaten', message: 'must be an object of business object kinds' }]);
    }
  });

  it('should leave the objects of an import to its per-object rules', () => {
    expect(
      check({ stammdaten: { MARKTLOKATION: { marktlokationsId: '50074561188' }, GESCHAEFTSPARTNER: [1] } }),
    ).toEqual([]);
  });
});
