import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { dialectOf, fromEnglish } from '@maco/domain';
import { buildServiceOpenApi, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { openApiSchemaToJsonSchema } from '@maco/testing';
import { BO_READ_GROUP } from '../bo-read.group';
import { englishAuthorization } from '../dialect/english-answer';
import { englishPath } from '../dialect/english-names';
import { LOCATION_CRITERIA_ENGLISH } from '../identify-location/english-criteria';
import { LOCATION_CRITERIA } from '../identify-location/identify-location';
import { objectsAnswer } from '../reads/bo-read.service';
import { READ_ROUTES } from '../reads/read-routes';

type Operation = {
  operationId: string;
  summary: string;
  description: string;
  parameters: unknown[];
  responses: Record<string, { content?: Record<string, Record<string, unknown>> }>;
};
type Content = { schema: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
type Document = {
  paths: Record<string, { get?: Operation; post?: { requestBody: { content: Record<string, Content> } } }>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

describe('BO4E reads OpenAPI part', () => {
  const definition: ServiceDefinition = { role: 'LF', groups: [BO_READ_GROUP] };
  const document = buildServiceOpenApi(definition, serviceProblems(definition)) as unknown as Document;
  const operationAt = (path: string): Operation => {
    const operation = document.paths[path]?.get;
    if (!operation) throw new Error(`${path} not documented`);
    return operation;
  };

  it('should document every name of a read as the same operation: parameters and answers alike, operationIds unique', () => {
    for (const route of READ_ROUTES) {
      const [first, ...others] = route.paths.map(operationAt);
      expect(first.operationId).toBe(route.operationId);
      for (const other of others) {
        expect(other.operationId.startsWith(`${route.operationId}_`)).toBe(true);
        expect([other.parameters, other.responses['200']]).toEqual([first.parameters, first.responses['200']]);
      }
    }
    const operationIds = Object.values(document.paths).flatMap((item) => (item.get ? [item.get.operationId] : []));
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationAt('/lesenLokationsbundBasis').summary).toBe(
      'Lokationsbündel lesen (German name /lesenLokationsbundBasis)',
    );
    expect(operationAt('/getEnergySupplyContractBasic').description).toContain(
      '`/getEnerySupplyContractBasic`, `/lesenEnergieliefervertragBasis`',
    );
  });

  it('should describe both answer shapes of the object reads, and the one shape of the authorisation', () => {
    const content = (path: string) => operationAt(path).responses['200'].content?.['application/json'];
    expect(content('/getMarketlocationBasic')).toMatchObject({
      schema: {
        oneOf: [
          { $ref: '#/components/schemas/BoRead_MARKTLOKATION' },
          { $ref: '#/components/schemas/BoRead_ObjectList' },
        ],
      },
      examples: { wrapped: { value: { stammdaten: { MARKTLOKATION: [] } } }, array: { value: [] } },
    });
    expect(document.components.schemas['BoRead_ObjectList']).toMatchObject({
      type: 'array',
      items: { type: 'object' },
    });
    expect(content('/getAllocationAuthorization')).toEqual({
      schema: { $ref: '#/components/schemas/BoRead_Zuordnungsermaechtigung' },
      example: { zusatzdaten: {}, ermaechtigungVorhanden: false },
    });
  });

  describe('in both dialects', () => {
    // As the integration tier's answer watch reads the document: OpenAPI 3.0 turned into JSON Schema, oneOf exact.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(
      {
        definitions: Object.fromEntries(
          Object.entries(document.components.schemas).map(([name, schema]) => [
            name,
            openApiSchemaToJsonSchema(schema),
          ]),
        ),
      },
      'openapi-components',
    );
    const validatorOf = (schema: unknown) => ajv.compile(openApiSchemaToJsonSchema(schema) as object);
    const valid = (schema: unknown, value: unknown) => {
      const validate = validatorOf(schema);
      return validate(value) ? true : validate.errors;
    };
    const answerSchema = (path: string) => operationAt(path).responses['200'].content?.['application/json']?.['schema'];
    const requestBody = (path: string): Content => {
      const content = document.paths[path]?.post?.requestBody.content['application/json'];
      if (!content) throw new Error(`${path} has no documented body`);
      return content;
    };

    it('should document what a read answers in either dialect and shape, and no answer mixing them', () => {
      const stored = ['{"boTyp":"MARKTLOKATION","marktlokationsId":"50074561188","sparte":"STROM"}'];
      for (const route of READ_ROUTES.filter((candidate) => candidate.answer === undefined)) {
        const schema = answerSchema(route.paths[0]);
        const kind = route.answerKind ?? route.kind;
        for (const shape of ['wrapped', 'array'] as const)
          for (const dialect of ['de', 'en'] as const)
            expect([
              route.operationId,
              shape,
              dialect,
              valid(schema, JSON.parse(objectsAnswer(shape, kind, stored, dialect))),
            ]).toEqual([route.operationId, shape, dialect, true]);
        const both = {
          ...JSON.parse(objectsAnswer('wrapped', kind, [], 'de')),
          ...JSON.parse(objectsAnswer('wrapped', kind, [], 'en')),
        };
        expect(valid(schema, both)).not.toBe(true);
        const examples = operationAt(route.paths[0]).responses['200'].content?.['application/json']?.[
          'examples'
        ] as Record<string, { value: unknown }>;
        expect(examples['english'].value).toEqual(JSON.parse(objectsAnswer('wrapped', kind, [], 'en')));
      }
      const authorization = answerSchema('/getAllocationAuthorization');
      expect(valid(authorization, { zusatzdaten: {}, ermaechtigungVorhanden: false })).toBe(true);
      expect(valid(authorization, englishAuthorization({ prozessId: 'P1' }, true))).toBe(true);
      expect(valid(authorization, { zusatzdaten: {}, authorizationPresent: true })).not.toBe(true);
    });

    it('should document the bodies of the identification and the import in both dialects, each example in its own', () => {
      for (const path of ['/identifyLocation', '/masterData']) {
        const { schema, examples = {} } = requestBody(path);
        expect(Object.keys(examples)).toEqual(['german', 'english']);
        for (const [name, { value }] of Object.entries(examples)) {
          expect([path, name, valid(schema, value), dialectOf(value)]).toEqual([
            path,
            name,
            true,
            name === 'german' ? 'de' : 'en',
          ]);
        }
        expect(fromEnglish(examples['english'].value)).toEqual(examples['german'].value);
      }
    });

    it('should name the English criteria as the service reads them: each member translates back to a German one', () => {
      type Schema = { properties?: Record<string, Schema>; items?: Schema };
      const kindsOf = (criteria: Schema, container: string) => criteria.properties?.[container]?.properties ?? {};
      const german = kindsOf(LOCATION_CRITERIA as Schema, 'stammdaten');
      const english = kindsOf(LOCATION_CRITERIA_ENGLISH as Schema, 'masterData');
      expect(Object.keys(english)).toEqual([
        'MARKET_LOCATION',
        'METERING_LOCATION',
        'GRID_LOCATION',
        'TECHNICAL_RESOURCE',
        'CONTROLLABLE_RESOURCE',
        'TRANCHE',
      ]);
      Object.entries(german).forEach(([kind, list], index) => {
        const englishKind = Object.keys(english)[index];
        const members = list.items?.properties ?? {};
        const englishMembers = english[englishKind].items?.properties ?? {};
        for (const [member, schema] of Object.entries(members)) {
          for (const field of Object.keys(schema.properties ?? { '': {} })) {
            const path = field === '' ? [member] : [member, field];
            const sent = englishPath(kind, path);
            // Documented in English …
            expect(
              sent.length === 1 ? englishMembers[sent[0]] : englishMembers[sent[0]]?.properties?.[sent[1]],
            ).toBeDefined();
            // … and read back as the German member.
            const probe = sent.reduceRight<unknown>((inner, key) => ({ [key]: inner }), 'x');
            const read = fromEnglish({ masterData: { [englishKind]: [probe] } }) as {
              stammdaten: Record<string, unknown[]>;
            };
            const canonical = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), 'x');
            // Two German ids of one English name read back as the kind's own (`trancheId` → `tranchenId`).
            if (member !== 'trancheId') expect([kind, path, read.stammdaten[kind]]).toEqual([kind, path, [canonical]]);
          }
        }
      });
    });
  });
});
