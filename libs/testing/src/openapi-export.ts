import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderServiceOpenApi, type ServiceDefinition, serviceProblems } from '@maco/platform';
import { workspaceRoot } from './samples';

/** The committed `docs/openapi/<role>.json` is the document the service's definition (role and groups) serves. */
export function describeOpenApiExport(definition: ServiceDefinition): void {
  describe(`OpenAPI export of the ${definition.role} service`, () => {
    it('should match the committed export (run `node tools/openapi/export.js` when this fails)', () => {
      const committed = readFileSync(
        join(workspaceRoot(), 'docs', 'openapi', `${definition.role.toLowerCase()}.json`),
        'utf8',
      );
      expect(committed).toBe(renderServiceOpenApi(definition, serviceProblems(definition)));
    });
  });
}
