import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { IS_OPERATOR_READABLE, ROUTE_DESCRIPTION } from '@maco/platform';
import { BoReadController } from './bo-read.controller';
import { READ_DESCRIPTIONS } from './read-descriptions';
import { READ_ROUTES, type ReadRoute } from './read-routes';

const read = (operationId: string): ReadRoute => {
  const route = READ_ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`no read ${operationId}`);
  return route;
};

describe('BO4E read routes', () => {
  it('should register one handler per read, on every path of its row, with its description', () => {
    const prototype = BoReadController.prototype as unknown as Record<string, object>;
    for (const route of READ_ROUTES) {
      const handler = prototype[route.operationId];
      expect(Reflect.getMetadata(PATH_METADATA, handler)).toEqual(route.paths.map((path) => path.slice(1)));
      expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.GET);
      expect(Reflect.getMetadata(IS_OPERATOR_READABLE, handler)).toBe(true);
      expect(Reflect.getMetadata(ROUTE_DESCRIPTION, handler)).toBe(READ_DESCRIPTIONS.get(route));
    }
  });

  it('should take a read’s query parameters from its row: the parameters it takes, then command', () => {
    const parametersOf = (operationId: string) => Object.keys(READ_DESCRIPTIONS.get(read(operationId))?.query ?? {});
    expect(parametersOf('LESEN_ENERGIEMENGE_LASTGANG')).toEqual([
      'parameter1',
      'parameter2',
      'parameter3',
      'parameter4',
      'parameter5',
      'parameter6',
      'parameter7',
      'command',
    ]);
    expect(parametersOf('LESEN_AVIS_BASIS')).toEqual(['parameter1', 'command']);
    expect(READ_DESCRIPTIONS.get(read('LESEN_KOMMUNIKATIONSDATEN_BASIS'))?.query?.['parameter2']).toMatchObject({
      required: true,
      schema: { format: 'date-time' },
    });
  });
});
