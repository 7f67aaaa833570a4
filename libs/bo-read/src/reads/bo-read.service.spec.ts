import { Registry } from 'prom-client';
import type { Dialect } from '@maco/domain';
import type { BusinessObjectReadRepository } from '@maco/process-store';
import type { ReadAnswerShape } from '../bo-read.config';
import { BoReadMetrics } from '../metrics/bo-read-metrics';
import { BoReadService, objectsAnswer } from './bo-read.service';
import { type ReadRoute, readRouteAt } from './read-routes';

const at = (path: string): ReadRoute => {
  const route = readRouteAt(path);
  if (!route) throw new Error(`no read at ${path}`);
  return route;
};

// As stored: the text the database hands out, an explicit null the middleware sent included.
const STORED = [
  '{"boTyp":"MARKTLOKATION","marktlokationsId":"50074561188","netzebene":null}',
  '{"boTyp":"MARKTLOKATION","marktlokationsId":"50074561188"}',
];

describe(objectsAnswer.name, () => {
  it('should put the stored texts into the shape verbatim', () => {
    expect(objectsAnswer('wrapped', 'MARKTLOKATION', STORED)).toBe(
      `{"stammdaten":{"MARKTLOKATION":[${STORED.join(',')}]}}`,
    );
    expect(objectsAnswer('array', 'MARKTLOKATION', STORED)).toBe(`[${STORED.join(',')}]`);
    expect(objectsAnswer('array', 'MARKTLOKATION', [])).toBe('[]');
    expect(objectsAnswer('wrapped', 'MARKTLOKATION', STORED, 'de')).toBe(
      objectsAnswer('wrapped', 'MARKTLOKATION', STORED),
    );
  });

  it('should answer in English in either shape: masterData, the kind’s English key, translated objects, nulls kept', () => {
    const english = [
      { boType: 'MARKET_LOCATION', marketLocationId: '50074561188', gridLevel: null },
      { boType: 'MARKET_LOCATION', marketLocationId: '50074561188' },
    ];
    expect(JSON.parse(objectsAnswer('wrapped', 'MARKTLOKATION', STORED, 'en'))).toEqual({
      masterData: { MARKET_LOCATION: english },
    });
    expect(JSON.parse(objectsAnswer('array', 'MARKTLOKATION', STORED, 'en'))).toEqual(english);
    expect(objectsAnswer('wrapped', 'MARKTLOKATION', [], 'en')).toBe('{"masterData":{"MARKET_LOCATION":[]}}');
    expect(objectsAnswer('array', 'MARKTLOKATION', [], 'en')).toBe('[]');
  });
});

describe('BoReadService answer shape', () => {
  const serviceAnswering = (answerShape: ReadAnswerShape, bodies: string[], dialect: Dialect = 'de') => {
    const objects = { find: async () => bodies } as unknown as BusinessObjectReadRepository;
    return new BoReadService('LF', objects, new BoReadMetrics(new Registry(), 'LF'), { answerShape }, { dialect });
  };
  const query = { parameter1: '50074561188', parameter3: '2024-06-28T12:18:00Z' };

  it('should answer the objects wrapped by default, a bare list with array, equal in content', async () => {
    const wrapped = await serviceAnswering('wrapped', STORED).read(at('/getMarketlocationBasic'), query);
    const array = await serviceAnswering('array', STORED).read(at('/lesenMarktlokationBasis'), query);
    expect(JSON.parse(wrapped)).toEqual({ stammdaten: { MARKTLOKATION: JSON.parse(array) } });
    expect(JSON.parse(array)).toEqual(STORED.map((text) => JSON.parse(text)));
    expect(JSON.parse(array)[0]).toHaveProperty('netzebene', null);
  });

  it('should keep the answer of getAllocationAuthorization in either shape', async () => {
    const authorization = at('/getAllocationAuthorization');
    const request = { parameter1: '50074561188', parameter2: '9979052000006', parameter3: '2024-06-28T12:18:00Z' };
    const stored = ['{"boTyp":"ZUORDNUNGSERMAECHTIGUNG","zusatzdaten":{"quelle":"import"}}'];
    const expected = { zusatzdaten: { quelle: 'import' }, ermaechtigungVorhanden: true };
    expect(JSON.parse(await serviceAnswering('array', stored).read(authorization, request))).toEqual(expected);
    expect(JSON.parse(await serviceAnswering('wrapped', stored).read(authorization, request))).toEqual(expected);
  });

  it('should answer in the configured dialect: English objects, and the authorisation by its English names', async () => {
    const english = await serviceAnswering('wrapped', STORED, 'en').read(at('/getMarketlocationBasic'), query);
    expect(Object.keys(JSON.parse(english))).toEqual(['masterData']);
    expect(JSON.parse(english).masterData.MARKET_LOCATION[0]).toEqual({
      boType: 'MARKET_LOCATION',
      marketLocationId: '50074561188',
      gridLevel: null,
    });
    const authorization = at('/getAllocationAuthorization');
    const request = { parameter1: '50074561188', parameter2: '9979052000006', parameter3: '2024-06-28T12:18:00Z' };
    const stored = ['{"boTyp":"ZUORDNUNGSERMAECHTIGUNG","zusatzdaten":{"quelle":"import"}}'];
    expect(JSON.parse(await serviceAnswering('wrapped', stored, 'en').read(authorization, request))).toEqual({
      additionalData: { quelle: 'import' },
      authorizationPresent: true,
    });
    expect(JSON.parse(await serviceAnswering('wrapped', [], 'en').read(authorization, request))).toEqual({
      additionalData: {},
      authorizationPresent: false,
    });
  });
});
