import { namedParameters } from './named-parameters';

describe(namedParameters.name, () => {
  const parameters = namedParameters(['recordId', 'bodyJson', 'revision']);

  it('should number the names in their order', () => {
    expect(parameters.ref).toEqual({ recordId: '$1', bodyJson: '$2', revision: '$3' });
  });

  it('should list the values in that order, whatever the order of the object', () => {
    expect(parameters.values({ revision: 4, recordId: 'r-1', bodyJson: '{}' })).toEqual(['r-1', '{}', 4]);
  });
});
