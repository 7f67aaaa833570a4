import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildServiceOpenApi, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { IDENTIFY_OPERATION } from './identify/identify-request';
import { MALO_IDENT_GROUP } from './malo-ident.group';
import { MALO_IDENT_PATHS } from './malo-ident-paths';
import { MASTER_DATA_OPERATION } from './master-data/master-data-route';

type Operation = {
  operationId: string;
  parameters: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

describe('MALO_IDENT_PATHS', () => {
  it('should serve the German names of backend-interface.md §12 beside the English ones', () => {
    const text = readFileSync(join(__dirname, '..', '..', '..', 'reference', 'backend-interface.md'), 'utf8');
    const section = text.slice(text.indexOf('## 12.')).split('\n## ')[0];
    const twin = (english: string) =>
      section.match(new RegExp(`^\\| \`/(lesen\\w+)\` \\| \`/${english}\` \\|$`, 'm'))?.[1];
    for (const names of Object.values(MALO_IDENT_PATHS)) expect(names).toEqual([names[0], twin(names[0])]);
    const all = Object.values(MALO_IDENT_PATHS).flat();
    expect(new Set(all).size).toBe(4);
  });

  it('should document each German name as the same operation as its English one', () => {
    const definition: ServiceDefinition = { role: 'NB', groups: [MALO_IDENT_GROUP] };
    const document = buildServiceOpenApi(definition, serviceProblems(definition)) as unknown as {
      paths: Record<string, Record<'get' | 'post', Operation>>;
    };
    const pairs = [
      ['post', MALO_IDENT_PATHS.identify, IDENTIFY_OPERATION],
      ['get', MALO_IDENT_PATHS.masterData, MASTER_DATA_OPERATION],
    ] as const;
    for (const [method, [english, german], operationId] of pairs) {
      const [first, second] = [document.paths[`/${english}`][method], document.paths[`/${german}`][method]];
      expect([first.operationId, second.operationId]).toEqual([operationId, `${operationId}_${german}`]);
      expect([second.parameters, second.requestBody, Object.keys(second.responses)]).toEqual([
        first.parameters,
        first.requestBody,
        Object.keys(first.responses),
      ]);
    }
  });
});
