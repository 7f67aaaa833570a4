import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkReadRequest } from './read-parameters';
import { isGermanReadPath, READ_PATHS, READ_ROUTES, type ReadRoute, readRouteAt } from './read-routes';

const at = (path: string): ReadRoute => {
  const route = readRouteAt(path);
  if (!route) throw new Error(`no read at ${path}`);
  return route;
};

describe(checkReadRequest.name, () => {
  const route = READ_ROUTES[0];
  const pointers = (query: Record<string, unknown>) => {
    const check = checkReadRequest(route, query);
    return check.ok ? [] : check.errors.map((error) => error.pointer);
  };

  it('should read a key date, and a period with parameter4', () => {
    expect(checkReadRequest(route, { parameter1: '50074561188', parameter3: '2024-06-28T12:18:00Z' })).toEqual({
      ok: true,
      request: {
        id: '50074561188',
        locationTypes: ['MALO', 'TRANCHE'],
        keys: ['MALO:50074561188', 'TRANCHE:50074561188'],
        from: new Date('2024-06-28T12:18:00Z'),
      },
    });
    const period = checkReadRequest(route, {
      parameter1: 'D417MLM8164',
      parameter3: '2024-06-28T12:18:00+02:00',
      parameter4: '2024-12-31T00:00:00Z',
    });
    expect(period.ok && [period.request.keys, period.request.to]).toEqual([
      ['TECHNISCHE_RESSOURCE:D417MLM8164'],
      new Date('2024-12-31T00:00:00Z'),
    ]);
  });

  it('should take parameter2 (also spelled STEUERBARE_RESSOURCE) over the id format', () => {
    const check = checkReadRequest(route, {
      parameter1: '50074561188',
      parameter2: 'STEUERBARE_RESSOURCE',
      parameter3: '2024-06-28T12:18:00Z',
    });
    expect(check.ok && check.request.keys).toEqual(['STEUERBARE_RESOURCE:50074561188']);
  });

  it('should accept an offset whose + arrived as a space', () => {
    expect(pointers({ parameter1: '50074561188', parameter3: '2024-06-28T12:18:00 02:00' })).toEqual([]);
  });

  it('should point at every bad or missing parameter', () => {
    expect(pointers({})).toEqual(['#/parameter1', '#/parameter3']);
    expect(pointers({ parameter1: ['a', 'b'], parameter3: '2024-06-28' })).toEqual(['#/parameter1', '#/parameter3']);
    expect(
      pointers({
        parameter1: 'a b',
        parameter2: 'X',
        parameter3: '2024-06-28T00:00:00Z',
        parameter4: '2024-06-27T00:00:00Z',
      }),
    ).toEqual(['#/parameter1', '#/parameter2', '#/parameter4']);
    expect(
      pointers({ parameter1: '1', parameter3: '2024-06-28T00:00:00Z', command: 'SAP_LESEN_TRANCHE_BASIS' }),
    ).toEqual(['#/command']);
    expect(
      pointers({ parameter1: '1', parameter3: '2024-06-28T00:00:00Z', command: 'SAP_LESEN_MARKTLOKATION_BASIS' }),
    ).toEqual([]);
    // An empty command names no operation; a parameter the read does not take is accepted, if given once.
    expect(pointers({ parameter1: '1', parameter3: '2024-06-28T00:00:00Z', command: '' })).toEqual(['#/command']);
    expect(
      pointers({ parameter1: '1', parameter3: '2024-06-28T00:00:00Z', parameter6: 'x', parameter7: ['a', 'b'] }),
    ).toEqual(['#/parameter7']);
  });
});

describe('reads that deviate from the common parameters', () => {
  const request = (path: string, query: Record<string, unknown>) => {
    const check = checkReadRequest(at(path), query);
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    return check.request;
  };
  const pointers = (path: string, query: Record<string, unknown>) => {
    const check = checkReadRequest(at(path), query);
    return check.ok ? [] : check.errors.map((error) => error.pointer);
  };

  it('should read an Avis by its number as it stands now, without a key date', () => {
    const before = Date.now();
    const avis = request('/getAvisBasic', { parameter1: 'AV-2024-17' });
    expect(avis.keys).toEqual(['ID:AV-2024-17']);
    expect(avis.from.getTime()).toBeGreaterThanOrEqual(before);
    expect(pointers('/getAvisBasic', {})).toEqual(['#/parameter1']);
  });

  it('should read communication data by ILN with the key date in parameter2', () => {
    expect(
      request('/getCommunicationDataBasic', { parameter1: '9900000000002', parameter2: '2024-07-01T00:00:00Z' }),
    ).toMatchObject({
      keys: ['ID:9900000000002'],
      from: new Date('2024-07-01T00:00:00Z'),
    });
    expect(pointers('/getCommunicationDataBasic', { parameter1: '9900000000002', parameter2: 'MALO' })).toEqual([
      '#/parameter2',
    ]);
  });

  it('should read every price sheet of the kind without a location', () => {
    expect(request('/getPriceSheetBasic', { parameter3: '2024-07-01T00:00:00Z' }).keys).toBeUndefined();
    expect(
      request('/getPriceSheetBasic', {
        parameter1: '50074561188',
        parameter2: 'MALO',
        parameter3: '2024-07-01T00:00:00Z',
      }).keys,
    ).toEqual(['MALO:50074561188']);
  });

  it('should narrow energy amounts by the route and by OBIS and flags, binding values as variables', () => {
    const query = {
      parameter1: 'DE0032106765712000000000000000037',
      parameter3: '2024-01-01T00:00:00Z',
      parameter4: '2024-02-01T00:00:00Z',
    };
    expect(request('/getEnergyAmount', query).match).toBeUndefined();
    const reading = request('/getEnergyAmountMeterReading', { ...query, parameter5: '1-1:1.8.0' }).match;
    // Electricity register readings (D = 8) or gas meter readings (medium 7, D = 0), and the OBIS code asked for.
    expect(reading?.path).toMatch(
      /^\$ \? \(\(exists\(.*\^\(1-.*\[\.\]8\[\.\].*\^7-.*\[\.\]0\[\.\].* && exists\(@\.energieverbrauch\[\*\] \? \(@\.obiskennzahl == \$obis/,
    );
    expect(reading?.vars).toEqual({ obis: '1-1:1.8.0' });
    const curve = request('/getEnergyAmountLoadCurve', { ...query, parameter6: 'true', parameter7: 'null' }).match;
    expect(curve?.vars).toEqual({ billingRelevant: true });
    expect(pointers('/getEnergyAmountLoadCurve', { ...query, parameter6: 'yes', parameter7: 'constructor' })).toEqual([
      '#/parameter6',
      '#/parameter7',
    ]);
  });

  it('should read a definition by its code and ask an authorisation by MaLo, supplier and balancing group', () => {
    expect(request('/getDefinitionSwitch', { parameter1: 'SZ-0815', parameter3: '2024-01-01T00:00:00Z' }).keys).toEqual(
      ['ID:SZ-0815'],
    );
    const authorization = request('/getAllocationAuthorization', {
      parameter1: '50074561188',
      parameter2: '9979052000006',
      parameter3: '2024-06-28T12:18:00Z',
      parameter4: '11XBALANCE-GROUP',
    });
    // MaLo-specific authorisations through the MaLo, the supplier's general ones through its key.
    expect(authorization.keys).toEqual(['MALO:50074561188', 'TRANCHE:50074561188', 'ID:9979052000006']);
    expect(authorization.match?.vars).toEqual({
      supplier: '9979052000006',
      authorisedLocation: '50074561188',
      balancingGroup: '11XBALANCE-GROUP',
    });
    expect(authorization.match?.path).toContain(
      '(!exists(@.marktlokationsId) || @.marktlokationsId == $authorisedLocation)',
    );
    expect(pointers('/getAllocationAuthorization', { parameter1: '50074561188', parameter3: 'x' })).toEqual([
      '#/parameter2',
      '#/parameter3',
    ]);
  });

  it('should accept the other spellings of an operationId as command', () => {
    const query = { parameter1: 'LK1', parameter3: '2024-01-01T00:00:00Z' };
    expect(pointers('/getDefinitionPerformance', { ...query, command: 'SAP_LESEN_DEFINITION_LST_KURVEN' })).toEqual([]);
    expect(pointers('/getDefinitionPerformance', { ...query, command: 'LESEN_DEFINITION_LEISTUNGSKURVE' })).toEqual([]);
    expect(pointers('/getDefinitionPerformance', { ...query, command: 'LESEN_DEFINITION_SCHALTZEIT' })).toEqual([
      '#/command',
    ]);
  });
});

describe('READ_ROUTES', () => {
  it('should serve each path once, both spellings of the drifting ones included', () => {
    expect(new Set(READ_PATHS).size).toBe(READ_PATHS.length);
    expect(readRouteAt('/getMarketLocationBasic')).toBe(readRouteAt('/getMarketlocationBasic'));
    expect(readRouteAt('/getEnerySupplyContractBasic')?.operationId).toBe('LESEN_ENERGIELIEFERVERTRAG_BASIS');
    expect(READ_ROUTES).toHaveLength(23);
    expect(readRouteAt('/getCalculationFormulaBasic')?.operationId).toBe('LESEN_BRECHNUNGSFORMEL_BASIS');
  });

  /** The table of backend-interface.md §12: German path and the shipped English one, as the vendor documents them. */
  const germanNames = (): [string, string][] => {
    const text = readFileSync(join(__dirname, '..', '..', '..', '..', 'reference', 'backend-interface.md'), 'utf8');
    const section = text.slice(text.indexOf('## 12.')).split('\n## ')[0];
    return [...section.matchAll(/^\| `(\/lesen\w+)` \| `(\/\w+)` \|$/gm)].map((row) => [row[1], row[2]]);
  };

  it('should serve every German name of §12 as the same read as its English twin (the MaloIdent ones aside)', () => {
    const pairs = germanNames();
    expect(pairs).toHaveLength(20);
    // The two MaloIdent operations are the malo-ident group's (NB only).
    const reads = pairs.filter(
      ([, english]) => !['/identifyMarketlocation', '/getMaloidentMarketlocation'].includes(english),
    );
    expect(reads).toHaveLength(18);
    for (const [german, english] of reads)
      expect([german, readRouteAt(german)?.operationId]).toEqual([german, at(english).operationId]);
    expect(READ_PATHS.filter(isGermanReadPath).sort()).toEqual(reads.map(([german]) => german).sort());
  });

  it('should give a read one German name at most, after its English spellings', () => {
    for (const route of READ_ROUTES) {
      const german = route.paths.filter(isGermanReadPath);
      expect([route.operationId, german.length <= 1, isGermanReadPath(route.paths[0])]).toEqual([
        route.operationId,
        true,
        false,
      ]);
    }
  });

  it('should each have a row in the table of reads of docs/api.md', () => {
    const api = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'api.md'), 'utf8');
    const table = api.slice(api.indexOf('## The reads'));
    for (const route of READ_ROUTES)
      expect(table).toMatch(new RegExp(`^\\| \`${route.paths[0]}\`.*\\| \`${route.operationId}\``, 'm'));
  });
});
