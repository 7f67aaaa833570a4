import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { dialectOf, fromEnglish, MARKET_ROLES, type MarketRole, toEnglish, validateProcessData } from '@maco/domain';
import { openApiSchemaToJsonSchema, samplesDir, workspaceRoot } from '@maco/testing';
import { buildOpenApiDocument } from './openapi-document';
import { OPENAPI_EXAMPLES } from './openapi-examples.generated';
import { EXAMPLES_MODULE, renderExamplesModule, selectExamples } from './openapi-export';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const OPERATIONS = [
  {
    path: '/createProcessData',
    operationId: 'ERSTELLEN_PROZESSDATEN',
    envelope: 'ProzessdatenErstellen',
    english: 'ProcessDataCreate',
  },
  {
    path: '/updateProcessData',
    operationId: 'AKTUALISIEREN_PROZESSDATEN',
    envelope: 'ProzessdatenAktualisieren',
    english: 'ProcessDataUpdate',
  },
] as const;

const roleSuffix = (role: MarketRole): string => role[0] + role.slice(1).toLowerCase();

describe.each(MARKET_ROLES)('OpenAPI document of %s', (role) => {
  const document = buildOpenApiDocument(role) as unknown as Json;
  const schemas = document['components']['schemas'] as Record<string, Json>;

  it.each(OPERATIONS)(
    'should describe $operationId with the role envelope (German or English), command, X-Format-Version and bearer security',
    ({ path, operationId, envelope, english }) => {
      const operation = document['paths'][path]['post'];
      expect(operation.operationId).toBe(operationId);
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(operation.requestBody.content['application/json'].schema).toEqual({
        oneOf: [
          { $ref: `#/components/schemas/${envelope}${roleSuffix(role)}` },
          { $ref: `#/components/schemas/${english}${roleSuffix(role)}` },
        ],
      });
      const parameters = operation.parameters.map(
        ({ $ref }: { $ref: string }) => document['components']['parameters'][$ref.split('/').pop() as string],
      );
      expect(parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'command',
            in: 'query',
            required: false,
            schema: expect.objectContaining({ pattern: expect.stringContaining(operationId) }),
          }),
          expect.objectContaining({ name: 'X-Format-Version', in: 'header', required: false }),
        ]),
      );
      const statuses = Object.keys(operation.responses);
      expect(statuses).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '415', '422']));
      // create: the key is booked with another body; update: the request's keys name two processes.
      expect(statuses).toContain('409');
      // Booked, or kept in the write journal while the database is away.
      expect(operation.responses['200'].content['application/json'].schema).toEqual({
        oneOf: [{ $ref: '#/components/schemas/BookingReceipt' }, { $ref: '#/components/schemas/JournaledReceipt' }],
      });
      expect(operation.responses['422'].content['application/problem+json'].schema).toEqual({
        $ref: '#/components/schemas/ProblemDetails',
      });
    },
  );

  it('should declare the bearer JWT scheme and leave the health endpoints public', () => {
    expect(document['components']['securitySchemes']['bearer']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document['paths']['/health/live']['get'].security).toEqual([]);
    expect(document['paths']['/health/ready']['get'].security).toEqual([]);
  });

  it('should take the body schemas from the domain classes, wire names, unknown members allowed', () => {
    const create = schemas[`ProzessdatenErstellen${roleSuffix(role)}`];
    const update = schemas[`ProzessdatenAktualisieren${roleSuffix(role)}`];
    expect(create.required).toEqual(['transaktionsdaten']);
    expect(update.required).toEqual(expect.arrayContaining(['transaktionsdaten', 'zusatzdaten']));
    expect(update.properties.zusatzdaten).toEqual({ $ref: '#/components/schemas/ZusatzdatenAktualisieren' });
    expect(schemas['ZusatzdatenAktualisieren'].required).toEqual(['businessKey']);
    expect(schemas['Transaktionsdaten'].properties.nachrichtendatum).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
    expect(schemas['Stammdaten'].properties.MARKTLOKATION).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/Marktlokation' },
    });
    expect(schemas['Stammdaten'].additionalProperties).toEqual({ type: 'array', items: { type: 'object' } });
    expect(JSON.stringify(document)).not.toContain('"additionalProperties":false');
  });

  it('should resolve every $ref', () => {
    const refs = new Set<string>();
    JSON.stringify(document, (key, value) => (key === '$ref' && refs.add(value), value));
    for (const ref of refs) {
      const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
      expect(document['components'][section]?.[name]).toBeDefined();
    }
  });

  it('should describe the problem body with errors[]', () => {
    expect(schemas['ProblemDetails'].properties.errors.items.properties).toMatchObject({
      pointer: { type: 'string' },
      message: { type: 'string' },
    });
    expect(schemas['BookingReceipt'].required).toEqual(['businessKey', 'revision', 'replayed', 'release', 'findings']);
  });

  it("should describe the English form's containers by their English names, keys under additionalData", () => {
    const create = schemas[`ProcessDataCreate${roleSuffix(role)}`];
    const update = schemas[`ProcessDataUpdate${roleSuffix(role)}`];
    expect(create.required).toEqual(['transactionData']);
    expect(update.required).toEqual(expect.arrayContaining(['transactionData', 'additionalData']));
    expect(Object.keys(create.properties).sort()).toEqual(['additionalData', 'masterData', 'transactionData']);
    expect(update.properties.additionalData).toEqual({ $ref: '#/components/schemas/AdditionalDataUpdate' });
    expect(schemas['AdditionalDataUpdate'].required).toEqual(['businessKey']);
    expect(Object.keys(schemas['AdditionalData'].properties)).toEqual(
      expect.arrayContaining(['businessKey', 'targetBusinessKey', 'processId', 'parentBusinessKey']),
    );
    expect(schemas['TransactionData'].properties.verificationIdentifier).toEqual({ type: 'string', nullable: true });
    expect(schemas['TransactionData'].properties.messageDate).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schemas['MasterData'].properties.MARKET_LOCATION).toMatchObject({
      type: 'array',
      items: { type: 'object' },
    });
    // Deeper types are documented by the German schemas only: no English schema points at one.
    const english = ['MasterData', 'TransactionData', 'AdditionalData', 'AdditionalDataUpdate'];
    expect(english.map((name) => JSON.stringify(schemas[name])).join('')).not.toContain('$ref');
  });

  it.each(OPERATIONS)(
    'should accept each $operationId example in exactly one form, and refuse a body mixing both',
    ({ path }) => {
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(
        {
          definitions: Object.fromEntries(
            Object.entries(schemas).map(([name, schema]) => [name, openApiSchemaToJsonSchema(schema)]),
          ),
        },
        'openapi-components',
      );
      const body = document['paths'][path]['post'].requestBody.content['application/json'];
      const validate = ajv.compile(openApiSchemaToJsonSchema(body.schema) as object);
      const examples = Object.entries(body.examples as Record<string, { value: Json }>);
      expect(examples.map(([name]) => name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/-en$/), expect.not.stringMatching(/-en$/)]),
      );
      for (const [name, { value }] of examples) {
        expect([name, validate(value), validate.errors]).toEqual([name, true, null]);
        expect([name, dialectOf(value)]).toEqual([name, name.endsWith('-en') ? 'en' : 'de']);
      }
      const [, german] = examples.find(([name]) => !name.endsWith('-en')) ?? [];
      expect(validate({ ...german?.value, ...(toEnglish(german?.value) as Json) })).toBe(false);
    },
  );

  it('should carry examples the service accepts', () => {
    for (const operation of ['create', 'update'] as const) {
      for (const example of OPENAPI_EXAMPLES[role][operation] ?? [])
        expect(validateProcessData(role, operation, example.value)).toEqual([]);
    }
    // The English twins as the booking reads them: translated back to the canonical German form.
    for (const [path, operation] of [
      ['/createProcessData', 'create'],
      ['/updateProcessData', 'update'],
    ] as const) {
      const examples = document['paths'][path]['post'].requestBody.content['application/json'].examples;
      const english = Object.entries(examples as Record<string, { value: Json }>).filter(([name]) =>
        name.endsWith('-en'),
      );
      expect(english).toHaveLength((OPENAPI_EXAMPLES[role][operation] ?? []).length);
      for (const [, { value }] of english) expect(validateProcessData(role, operation, fromEnglish(value))).toEqual([]);
    }
  });

  // The committed docs/openapi/<role>.json is the app's document (all its groups): libs/roles/test/openapi-export.spec.ts.
});

describe('committed OpenAPI examples', () => {
  const dir = samplesDir();
  it('should match the samples (run `node tools/openapi/export.js` when this fails)', () => {
    const committed = readFileSync(join(workspaceRoot(), EXAMPLES_MODULE), 'utf8');
    expect(committed).toBe(renderExamplesModule(selectExamples(dir)));
  });

  it('should have one create and one update example per role where a sample exists', () => {
    for (const role of MARKET_ROLES) {
      expect(OPENAPI_EXAMPLES[role].create).toHaveLength(1);
      expect(OPENAPI_EXAMPLES[role].update).toHaveLength(1);
    }
  });
});
