import { plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import * as path from 'node:path';
import { readJson, SHARED_DIR } from '../../test/samples';
import { ProzessdatenAktualisierenLf } from './prozessdaten-aktualisieren-lf';
import { ProzessdatenErstellenLf } from './prozessdaten-erstellen-lf';

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

type ClassType = new () => object;

// Doc defects listed in backend-interface §5, not fields to model: PI 31004 wraps its body in `data`, PI 13002 has a
// top-level `ZAEHLER`.
const IGNORED = new Set(['#/data', '#/ZAEHLER']);

function declaredProperties(type: ClassType): Set<string> {
  return new Set(getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).map((entry) => entry.propertyName));
}

/** The class `@Type` assigns to a property, found through class-transformer itself. */
function nestedClass(type: ClassType, property: string): ClassType | undefined {
  const probe = plainToInstance(type, { [property]: [{}] }) as Record<string, unknown>;
  const value = probe[property];
  const item: unknown = Array.isArray(value) ? value[0] : value;
  return item && typeof item === 'object' && item.constructor !== Object ? (item.constructor as ClassType) : undefined;
}

/** Missing class properties for every property the schema defines, recursively; `$ref`s and combinators resolved. */
function missingProperties(document: { components: { schemas: Record<string, Schema> } }, root: Schema, type: ClassType): string[] {
  const missing = new Set<string>();
  const resolve = (schema: Schema, seen = new Set<string>()): Schema[] => {
    if (schema.$ref) {
      const name = decodeURIComponent(schema.$ref.split('/').pop() ?? '');
      if (seen.has(name)) return [];
      return resolve(document.components.schemas[name], new Set([...seen, name]));
    }
    const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((part) => resolve(part, seen));
    return [schema, ...parts];
  };
  const objectSchemas = (schema: Schema): Schema[] =>
    resolve(schema).flatMap((part) => (part.items ? objectSchemas(part.items) : part.properties ? [part] : []));
  const walk = (schema: Schema, target: ClassType, pointer: string): void => {
    const declared = declaredProperties(target);
    for (const part of objectSchemas(schema)) {
      for (const [name, child] of Object.entries(part.properties ?? {})) {
        const childPointer = `${pointer}/${name}`;
        if (IGNORED.has(childPointer)) continue;
        if (!declared.has(name)) {
          missing.add(`${target.name}.${name} (${childPointer})`);
          continue;
        }
        const nested = nestedClass(target, name);
        if (nested) walk(child, nested, childPointer);
      }
    }
  };
  walk(root, type, '#');
  return [...missing].sort();
}

describe('LF envelope classes vs. published schemas', () => {
  it.each([
    ['lf-create.json', 'Prozessdaten erstellen LF', ProzessdatenErstellenLf],
    ['lf-update.json', 'Prozessdaten aktualisieren LF', ProzessdatenAktualisierenLf],
  ] as const)('should declare every property %s defines', (file, schemaName, envelope) => {
    const document = readJson(path.join(SHARED_DIR, 'reference/schemas', file)) as { components: { schemas: Record<string, Schema> } };
    expect(missingProperties(document, document.components.schemas[schemaName], envelope)).toEqual([]);
  });
});
