import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ObservedAnswer,
  OpenApiAnswerChecker,
  type OpenApiDocumentShape,
  openApiSchemaToJsonSchema,
  pathMatches,
  routeOverlaps,
} from './openapi-answers';
import { workspaceRoot } from './samples';

const PROBLEM = 'application/problem+json';

/** A small document in the dialect the services' documents use: `$ref`s to components, `nullable`, problem details. */
const DOCUMENT: OpenApiDocumentShape = {
  paths: {
    '/things/{key}': {
      parameters: [],
      get: {
        responses: {
          200: {
            description: 'The thing.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          404: { description: 'None.', content: { [PROBLEM]: { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
      delete: { responses: { 204: { description: 'Gone.' } } },
    },
    '/things/latest': {
      get: {
        responses: { 200: { description: 'The latest.', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
    '/ranges': {
      get: {
        responses: {
          '2XX': { description: 'Any success.', content: { 'text/plain': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['key', 'state', 'count'],
        properties: {
          key: { type: 'string', example: 'k1' },
          state: { type: 'string', nullable: true, enum: ['open', 'closed'] },
          count: { type: 'integer', minimum: 1 },
          at: { type: 'string', format: 'date-time' },
          parent: { allOf: [{ $ref: '#/components/schemas/Thing' }], nullable: true },
        },
      },
      Problem: {
        type: 'object',
        required: ['status', 'code'],
        properties: { status: { type: 'integer' }, code: { type: 'string', enum: ['NOT_FOUND'] } },
      },
    },
  },
};

const answer = (fields: Partial<ObservedAnswer>): ObservedAnswer => ({
  method: 'GET',
  path: '/things/k1',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ key: 'k1', state: 'open', count: 1 }),
  ...fields,
});

describe('OpenApiAnswerChecker', () => {
  const checker = new OpenApiAnswerChecker(DOCUMENT);
  const problemsOf = (fields: Partial<ObservedAnswer>) => {
    const verdict = checker.check(answer(fields));
    return verdict.kind === 'invalid' ? verdict.problems : verdict.kind;
  };

  it('should accept a documented answer whose body validates, and name the operation in the document', () => {
    expect(checker.check(answer({}))).toEqual({
      kind: 'valid',
      answer: { method: 'GET', path: '/things/{key}', status: 200 },
    });
    expect(
      checker.check(
        answer({ body: JSON.stringify({ key: 'k', state: null, count: 2, at: '2026-04-01T00:00:00Z', parent: null }) }),
      ).kind,
    ).toBe('valid');
    expect(
      checker.check(
        answer({
          body: JSON.stringify({ key: 'k', state: 'closed', count: 2, parent: { key: 'p', state: null, count: 1 } }),
        }),
      ).kind,
    ).toBe('valid');
  });

  it('should catch a body that breaks the schema: a missing member, a wrong type, a value outside the enum, a bad format, a bad $ref target', () => {
    expect(problemsOf({ body: JSON.stringify({ key: 'k', state: 'open' }) })).toEqual([
      expect.stringContaining("must have required property 'count'"),
    ]);
    expect(problemsOf({ body: JSON.stringify({ key: 1, state: 'open', count: 1 }) })).toEqual([
      expect.stringMatching(/^body\/key must be string/),
    ]);
    expect(problemsOf({ body: JSON.stringify({ key: 'k', state: 'gone', count: 1 }) })).toEqual(
      expect.arrayContaining([expect.stringContaining('body/state must be equal to one of the allowed values')]),
    );
    expect(problemsOf({ body: JSON.stringify({ key: 'k', state: 'open', count: 0 }) })).toEqual([
      expect.stringContaining('body/count must be >= 1'),
    ]);
    expect(problemsOf({ body: JSON.stringify({ key: 'k', state: 'open', count: 1, at: '1 April 2026' }) })).toEqual([
      expect.stringContaining('body/at must match format "date-time"'),
    ]);
    expect(problemsOf({ body: JSON.stringify({ key: 'k', state: 'open', count: 1, parent: { key: 'p' } }) })).toEqual(
      expect.arrayContaining([expect.stringContaining("body/parent must have required property 'state'")]),
    );
  });

  it('should catch an undocumented status of a documented operation', () => {
    expect(problemsOf({ status: 409 })).toEqual(['status 409 is not documented (documented: 200, 404)']);
  });

  it('should catch a content type the status does not document, and a body that is not the JSON its type says', () => {
    expect(
      problemsOf({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ status: 404, code: 'NOT_FOUND' }),
      }),
    ).toEqual([`content type application/json is not documented for status 404 (documented: ${PROBLEM})`]);
    expect(
      problemsOf({ status: 404, contentType: PROBLEM, body: JSON.stringify({ status: 404, code: 'NOT_FOUND' }) }),
    ).toBe('valid');
    expect(
      problemsOf({ status: 404, contentType: PROBLEM, body: JSON.stringify({ status: 404, code: 'ELSE' }) }),
    ).toEqual([expect.stringContaining('body/code must be equal to one of the allowed values')]);
    expect(problemsOf({ body: '{"key":' })).toEqual([
      'the body is not JSON although the content type is application/json',
    ]);
    expect(problemsOf({ contentType: undefined })).toEqual([
      expect.stringContaining('content type (none) is not documented'),
    ]);
  });

  it('should catch a body where the document says none, and no body where it documents one', () => {
    expect(checker.check(answer({ method: 'DELETE', status: 204, contentType: undefined, body: '' })).kind).toBe(
      'valid',
    );
    expect(problemsOf({ method: 'DELETE', status: 204, body: '{}' })).toEqual([
      'status 204 is documented without content, but the answer has a body (application/json)',
    ]);
    expect(problemsOf({ body: '' })).toEqual([
      'status 200 is documented with content (application/json), but the answer has no body',
    ]);
  });

  it('should take status ranges, and leave bodies of other media types unparsed', () => {
    expect(
      checker.check(answer({ path: '/ranges', status: 206, contentType: 'text/plain', body: 'not json' })),
    ).toEqual({
      kind: 'valid',
      answer: { method: 'GET', path: '/ranges', status: 206 },
    });
    expect(problemsOf({ path: '/ranges', status: 301, contentType: 'text/plain', body: '' })).toEqual([
      'status 301 is not documented (documented: 2XX)',
    ]);
  });

  it("should find the document's path as a router would: a parameter takes any segment, a literal path comes first", () => {
    expect(checker.check(answer({ path: '/things/latest', contentType: 'text/plain', body: 'k1' }))).toEqual({
      kind: 'valid',
      answer: { method: 'GET', path: '/things/latest', status: 200 },
    });
    expect(
      checker.check(
        answer({ method: 'DELETE', path: '/things/latest', status: 204, contentType: undefined, body: '' }),
      ),
    ).toEqual({
      kind: 'valid',
      answer: { method: 'DELETE', path: '/things/{key}', status: 204 },
    });
    expect(checker.check(answer({ path: '/things/' })).kind).toBe('outside');
  });

  it('should leave alone what is no operation of the document: other paths, other methods', () => {
    expect(checker.check(answer({ path: '/metrics' })).kind).toBe('outside');
    expect(checker.check(answer({ method: 'POST' })).kind).toBe('outside');
    expect(checker.check(answer({ path: '/things/k1/more' })).kind).toBe('outside');
  });

  it('should know the routes it documents, also for other values of their parameters only', () => {
    expect(checker.documentsRoute('GET', '/things/:id')).toBe(true);
    expect(checker.documentsRoute('GET', '/things/:id/more')).toBe(false);
    expect(checker.documentsRoute('POST', '/things/:id')).toBe(false);
  });

  it('should list every documented (method, path, status)', () => {
    expect(checker.documentedAnswers()).toEqual([
      { method: 'GET', path: '/things/{key}', status: 200 },
      { method: 'GET', path: '/things/{key}', status: 404 },
      { method: 'DELETE', path: '/things/{key}', status: 204 },
      { method: 'GET', path: '/things/latest', status: 200 },
    ]);
  });
});

describe('openApiSchemaToJsonSchema', () => {
  it('should admit null for nullable schemas, enums and $refs included, and point $refs at the registered components', () => {
    expect(openApiSchemaToJsonSchema({ type: 'string', nullable: true, enum: ['a'], example: 'a' })).toEqual({
      anyOf: [{ type: 'null' }, { type: 'string', enum: ['a'] }],
    });
    expect(openApiSchemaToJsonSchema({ allOf: [{ $ref: '#/components/schemas/X' }], nullable: true })).toEqual({
      anyOf: [{ type: 'null' }, { allOf: [{ $ref: 'openapi-components#/definitions/X' }] }],
    });
    expect(
      openApiSchemaToJsonSchema({
        type: 'object',
        properties: { nullable: { type: 'boolean' }, example: { type: 'string', nullable: false } },
      }),
    ).toEqual({
      type: 'object',
      properties: { nullable: { type: 'boolean' }, example: { type: 'string' } },
    });
    expect(openApiSchemaToJsonSchema({ type: 'number', minimum: 0, exclusiveMinimum: true })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
    });
  });

  it('should refuse a $ref it cannot resolve rather than check nothing', () => {
    expect(() => openApiSchemaToJsonSchema({ $ref: 'other.json#/X' })).toThrow('Unsupported $ref other.json#/X');
  });
});

describe('pathMatches and routeOverlaps', () => {
  it('should match a request path with a document path segment by segment', () => {
    expect(pathMatches('/refused/{id}/dismiss', '/refused/01a2/dismiss')).toBe(true);
    expect(pathMatches('/refused/{id}/dismiss', '/refused//dismiss')).toBe(false);
    expect(pathMatches('/prozessdaten/lf/create', '/prozessdaten/nb/create')).toBe(false);
  });

  it("should let a route's parameter stand for a literal segment of the document", () => {
    expect(routeOverlaps('/prozessdaten/:role/create', '/prozessdaten/lf/create')).toBe(true);
    expect(routeOverlaps('/maloIdentRequests/:key', '/maloIdentRequests/{idempodenzschluessel}')).toBe(true);
    expect(routeOverlaps('/prozessdaten/:role/update', '/prozessdaten/lf/create')).toBe(false);
    expect(routeOverlaps('/refused/:id', '/refused/{id}/dismiss')).toBe(false);
  });
});

/** A role's document as committed (docs/openapi, kept equal to what the service serves by libs/roles/test/openapi-export.spec.ts). */
const committedDocument = (role: string) =>
  JSON.parse(readFileSync(join(workspaceRoot(), 'docs', 'openapi', `${role}.json`), 'utf8')) as OpenApiDocumentShape;

describe("a service's real document", () => {
  const checker = new OpenApiAnswerChecker(committedDocument('lf'));
  const receipt = {
    businessKey: 'k',
    revision: 1,
    replayed: false,
    release: '04/26',
    findings: [{ code: 'unknown-pi', pointer: '#/transaktionsdaten/pruefidentifikator', message: 'x' }],
  };
  const problem = {
    type: 'urn:maco:problem:invalid',
    title: 'Invalid',
    status: 422,
    detail: 'x',
    instance: '/createProcessData',
    code: 'REQUEST.VALIDATION_FAILED',
    correlationId: 'c',
  };
  const create = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') =>
    checker.check({ method: 'POST', path: '/createProcessData', status, contentType, body: JSON.stringify(body) });

  it('should accept a receipt, a journaled receipt and a problem as the services send them', () => {
    expect(create(200, receipt).kind).toBe('valid');
    const { businessKey, release, findings } = receipt;
    expect(create(200, { journaled: true, businessKey, release, findings }).kind).toBe('valid');
    expect(create(422, problem, PROBLEM).kind).toBe('valid');
  });

  it('should catch a receipt or a problem that is not what the document says', () => {
    // The 200 is one of two receipts (booked or journaled): the booked one's own error is among those named.
    expect(create(200, { ...receipt, revision: 0 })).toMatchObject({
      kind: 'invalid',
      problems: expect.arrayContaining([expect.stringContaining('body/revision must be >= 1')]),
    });
    expect(create(200, { journaled: false, businessKey: 'k', release: '10/26', findings: [] })).toMatchObject({
      kind: 'invalid',
    });
    expect(create(200, { ...receipt, findings: [{ code: 'no-such-code', pointer: '#', message: 'x' }] })).toMatchObject(
      { kind: 'invalid' },
    );
    expect(create(422, { ...problem, code: 'NO.SUCH_CODE' }, PROBLEM)).toMatchObject({
      kind: 'invalid',
      problems: [expect.stringContaining('body/code')],
    });
    expect(create(201, receipt)).toMatchObject({
      kind: 'invalid',
      problems: [expect.stringContaining('status 201 is not documented')],
    });
  });
});

describe('the committed documents of the services', () => {
  it.each(['lf', 'nb', 'msb'])(
    'should let every documented answer schema of %s compile: nothing the checker would skip',
    (role) => {
      expect(new OpenApiAnswerChecker(committedDocument(role)).compileEveryAnswerSchema()).toBeGreaterThan(300);
    },
  );

  it('should fail on a keyword or format the conversion does not know', () => {
    const broken = (schema: unknown) =>
      new OpenApiAnswerChecker({
        paths: {
          '/x': { get: { responses: { 200: { description: 'x', content: { 'application/json': { schema } } } } } },
        },
      });
    expect(() => broken({ type: 'string', format: 'no-such-format' }).compileEveryAnswerSchema()).toThrow(
      'unknown format',
    );
    expect(() => broken({ type: 'string', 'no-such-keyword': true }).compileEveryAnswerSchema()).toThrow(
      'unknown keyword',
    );
  });
});
