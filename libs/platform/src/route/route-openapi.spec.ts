import { Controller, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { IS_OPERATOR_READABLE } from '../http/operator-readable.decorator';
import type { ProblemCatalog } from '../problem/problem-catalog';
import { textParameter } from './query-parameters';
import { Route, ROUTE_DESCRIPTION } from './route.decorator';
import { describeRoute } from './route-description';
import { openApiPathOf, routeOperations } from './route-openapi';

const ITEM = describeRoute({
  operationId: 'READ_ITEM',
  method: 'GET',
  paths: ['/items/:id', '/artikel/:id'],
  auth: 'role+operator',
  tag: 'Items',
  summary: 'Read an item',
  description: 'One item.',
  pathParameters: { id: { description: 'The id.', schema: { type: 'string' } } },
  query: { view: textParameter('How much.', /^(short|long)$/, 'short or long') },
  answers: { 200: { description: 'The item.', schema: { type: 'object' } } },
  problems: ['ITEM.NOT_FOUND'],
});
const PROBLEMS: ProblemCatalog = {
  'ITEM.NOT_FOUND': { status: 404, slug: 'item-not-found', title: 'No such item' },
} as unknown as ProblemCatalog;

describe('route descriptions', () => {
  it('should document every path of a route, its parameters, answers and problems', () => {
    const paths = routeOperations([ITEM], { role: 'LF', problems: PROBLEMS });
    expect(Object.keys(paths)).toEqual(['/items/{id}', '/artikel/{id}']);
    const first = paths['/items/{id}'].get as Record<string, unknown>;
    const second = paths['/artikel/{id}'].get as Record<string, unknown>;
    expect([first.operationId, second.operationId]).toEqual(['READ_ITEM', 'READ_ITEM_artikel_id']);
    expect((first.parameters as { name?: string }[]).map((parameter) => parameter.name)).toEqual([
      'id',
      'view',
      undefined,
    ]);
    expect(Object.keys(first.responses as object)).toEqual(['200', '404']);
    expect(first.security).toEqual([{ bearer: [] }]);
    expect(openApiPathOf('/a/:b/c/:d')).toBe('/a/{b}/c/{d}');
  });

  it('should take a later path’s summary, a body’s example and an answer’s headers from the description', () => {
    const route = describeRoute({
      ...ITEM,
      method: 'POST',
      aliasSummary: (path) => `Read an item (German name ${path})`,
      body: { schema: { type: 'object' }, required: true, example: { id: 1 } },
      answers: { 200: { description: 'The item.', headers: { 'Treffer-Anzahl': { schema: { type: 'integer' } } } } },
    });
    const paths = routeOperations([route], { role: 'LF', problems: PROBLEMS });
    const [first, second] = [paths['/items/{id}'].post, paths['/artikel/{id}'].post] as Record<string, unknown>[];
    expect([first.summary, second.summary]).toEqual(['Read an item', 'Read an item (German name /artikel/:id)']);
    expect(first.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { type: 'object' }, example: { id: 1 } } },
    });
    expect(Object.keys((first.responses as Record<string, { headers: object }>)['200'].headers)).toEqual([
      'X-Request-Id',
      'Treffer-Anzahl',
    ]);
  });

  it('should document a role parameter as the service’s own path, with a body’s description and examples', () => {
    const booking = describeRoute({
      operationId: 'BOOK',
      method: 'POST',
      paths: ['/book', '/buchen/:role'],
      roleParameter: 'role',
      auth: 'role',
      tag: 'Items',
      summary: 'Book',
      description: 'Books.',
      body: {
        required: true,
        description: 'An item.',
        schema: { type: 'object' },
        examples: { one: { summary: 'One', description: 'The first.', value: {} } },
      },
      answers: { 200: { description: 'Booked.' } },
      problems: [],
    });
    const paths = routeOperations([booking], { role: 'NB', problems: PROBLEMS });
    expect(Object.keys(paths)).toEqual(['/book', '/buchen/nb']);
    const alias = paths['/buchen/nb'].post as Record<string, unknown>;
    expect(alias.operationId).toBe('BOOK_buchen_nb');
    expect(alias.description).toBe('Books. Served alike as `/book`, `/buchen/nb`.');
    expect(alias.parameters).toEqual([{ $ref: '#/components/parameters/requestId' }]);
    expect(alias.requestBody).toEqual({
      required: true,
      description: 'An item.',
      content: {
        'application/json': {
          schema: { type: 'object' },
          examples: { one: { summary: 'One', description: 'The first.', value: {} } },
        },
      },
    });
  });

  it('should document a path parameter by its own name, its example standing in for it in the problems', () => {
    const renamed = describeRoute({
      ...ITEM,
      paths: ['/items/:key'],
      pathParameters: {
        itemId: { description: 'The id.', schema: { type: 'string' }, routeName: 'key', example: 'i-7' },
      },
    });
    const paths = routeOperations([renamed], { role: 'LF', problems: PROBLEMS });
    const operation = paths['/items/{itemId}'].get as {
      parameters: unknown[];
      responses: Record<
        string,
        { content: Record<string, { examples: Record<string, { value: { instance: string } }> }> }
      >;
    };
    expect(operation.parameters[0]).toEqual({
      name: 'itemId',
      in: 'path',
      required: true,
      description: 'The id.',
      schema: { type: 'string' },
      example: 'i-7',
    });
    expect(
      operation.responses['404'].content['application/problem+json'].examples['ITEM.NOT_FOUND'].value.instance,
    ).toBe('/items/i-7');
  });

  it('should register the handler on every path with the auth flag and its description', () => {
    @Controller()
    class ItemController {
      @Route(ITEM)
      read(): string {
        return 'item';
      }
    }
    const handler = ItemController.prototype.read;
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toEqual(['items/:id', 'artikel/:id']);
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.GET);
    expect(Reflect.getMetadata(IS_OPERATOR_READABLE, handler)).toBe(true);
    expect(Reflect.getMetadata(ROUTE_DESCRIPTION, handler)).toBe(ITEM);
  });
});
