import { buildServiceOpenApi, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { TRIGGERS_GROUP } from '../triggers.group';

type Document = {
  paths: Record<string, { post: Record<string, unknown> }>;
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
};

describe('triggers OpenAPI part', () => {
  const documentOf = (definition: ServiceDefinition) =>
    buildServiceOpenApi(definition, serviceProblems(definition)) as unknown as Document;

  it("should document the route with the role's events, both answers and every problem status", () => {
    const document = documentOf({ role: 'LF', groups: [TRIGGERS_GROUP] });
    const operation = document.paths['/triggers/{eventname}'].post;
    const eventParameter = (operation['parameters'] as { name?: string; schema?: { enum: string[] } }[]).find(
      (parameter) => parameter.name === 'eventname',
    );

    expect(eventParameter?.schema?.enum).toEqual(expect.arrayContaining(['START_MALOIDENT', 'START_LIEFERBEGINN']));
    expect(eventParameter?.schema?.enum).not.toContain('START_EOG');
    expect(Object.keys(operation['responses'] as object).sort()).toEqual([
      '201',
      '202',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '502',
      '503',
    ]);
    expect(document.components.schemas['ProblemDetails'].properties['code'].enum).toEqual(
      expect.arrayContaining([
        'TRIGGER.UNKNOWN_EVENT',
        'TRIGGER.REJECTED',
        'TRIGGER.DELIVERY_FAILED',
        'TRIGGER.NO_MIDDLEWARE',
      ]),
    );
  });

  it('should list the events of the role the service serves', () => {
    const eventsOf = (document: Document) =>
      (
        document.paths['/triggers/{eventname}'].post['parameters'] as { name?: string; schema?: { enum: string[] } }[]
      ).find((p) => p.name === 'eventname')?.schema?.enum;
    expect(eventsOf(documentOf({ role: 'NB', groups: [TRIGGERS_GROUP] }))).toContain('START_EOG');
    expect(eventsOf(documentOf({ role: 'MSB', groups: [TRIGGERS_GROUP] }))).not.toContain('START_EOG');
  });
});
