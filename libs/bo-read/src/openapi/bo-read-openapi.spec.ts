import { buildServiceOpenApi, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { BO_READ_GROUP } from '../bo-read.group';
import { READ_ROUTES } from '../reads/read-routes';

type Operation = {
  operationId: string;
  summary: string;
  description: string;
  parameters: unknown[];
  responses: Record<string, { content?: Record<string, Record<string, unknown>> }>;
};
type Document = {
  paths: Record<string, { get?: Operation }>;
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
});
