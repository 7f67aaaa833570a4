import { checkReadRequest } from './read-parameters';
import { READ_PATHS, READ_ROUTES, readRouteAt } from './read-routes';

describe(checkReadRequest.name, () => {
  const route = READ_ROUTES[0];
  const pointers = (query: Record<string, unknown>) => {
    const check = checkReadRequest(route, query);
    return check.ok ? [] : check.errors.map((error) => error.pointer);
  };

  it('should read a key date, and a period with parameter4', () => {
    expect(checkReadRequest(route, { parameter1: '50074561188', parameter3: '2024-06-28T12:18:00Z' })).toEqual({
      ok: true,
      request: { locationId: '50074561188', locationTypes: ['MALO', 'TRANCHE'], locations: ['MALO:50074561188', 'TRANCHE:50074561188'], from: new Date('2024-06-28T12:18:00Z') },
    });
    const period = checkReadRequest(route, { parameter1: 'D417MLM8164', parameter3: '2024-06-28T12:18:00+02:00', parameter4: '2024-12-31T00:00:00Z' });
    expect(period.ok && [period.request.locations, period.request.to]).toEqual([['TECHNISCHE_RESSOURCE:D417MLM8164'], new Date('2024-12-31T00:00:00Z')]);
  });

  it('should take parameter2 (also spelled STEUERBARE_RESSOURCE) over the id format', () => {
    const check = checkReadRequest(route, { parameter1: '50074561188', parameter2: 'STEUERBARE_RESSOURCE', parameter3: '2024-06-28T12:18:00Z' });
    expect(check.ok && check.request.locations).toEqual(['STEUERBARE_RESOURCE:50074561188']);
  });

  it('should accept an offset whose + arrived as a space', () => {
    expect(pointers({ parameter1: '50074561188', parameter3: '2024-06-28T12:18:00 02:00' })).toEqual([]);
  });

  it('should point at every bad or missing parameter', () => {
    expect(pointers({})).toEqual(['#/parameter1', '#/parameter3']);
    expect(pointers({ parameter1: ['a', 'b'], parameter3: '2024-06-28' })).toEqual(['#/parameter1', '#/parameter3']);
    expect(pointers({ parameter1: 'a b', parameter2: 'X', parameter3: '2024-06-28T00:00:00Z', parameter4: '2024-06-27T00:00:00Z' })).toEqual([
      '#/parameter1',
      '#/parameter2',
      '#/parameter4',
    ]);
    expect(pointers({ parameter1: '1', parameter3: '2024-06-28T00:00:00Z', command: 'SAP_LESEN_TRANCHE_BASIS' })).toEqual(['#/command']);
    expect(pointers({ parameter1: '1', parameter3: '2024-06-28T00:00:00Z', command: 'SAP_LESEN_MARKTLOKATION_BASIS' })).toEqual([]);
  });
});

describe('READ_ROUTES', () => {
  it('should serve each path once, both spellings of the drifting ones included', () => {
    expect(new Set(READ_PATHS).size).toBe(READ_PATHS.length);
    expect(readRouteAt('/getMarketLocationBasic')).toBe(readRouteAt('/getMarketlocationBasic'));
    expect(readRouteAt('/getEnerySupplyContractBasic')?.operationId).toBe('LESEN_ENERGIELIEFERVERTRAG_BASIS');
    expect(READ_ROUTES).toHaveLength(12);
  });
});
