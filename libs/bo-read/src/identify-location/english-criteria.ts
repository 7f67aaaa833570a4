import type { OpenApiObject } from '@maco/platform';
import { englishKind, englishPath } from '../dialect/english-names';
import { LOCATION_CRITERIA } from './identify-location';

type Schema = OpenApiObject & { properties?: Record<string, Schema>; items?: Schema };

const propertiesOf = (schema: Schema | undefined): Record<string, Schema> => schema?.properties ?? {};

/** A criterion's schema with its members' English names (ids and address objects, and the latter's fields). */
function englishCriterion(kind: string, criterion: Schema): Schema {
  const properties: Record<string, Schema> = {};
  for (const [member, schema] of Object.entries(propertiesOf(criterion))) {
    const [english = member] = englishPath(kind, [member]);
    const fields = Object.entries(propertiesOf(schema)).map(
      ([field, fieldSchema]) => [englishPath(kind, [member, field])[1] ?? field, fieldSchema] as const,
    );
    properties[english] = fields.length > 0 ? { ...schema, properties: Object.fromEntries(fields) } : schema;
  }
  return {
    type: 'object',
    additionalProperties: true,
    description: `One ${englishKind(kind)} criterion: a ${kind} criterion of \`BoRead_LocationCriteria\`, its members by their English names.`,
    properties,
  };
}

/**
 * The body of `POST /identifyLocation` in the vendor's English dialect (component `BoRead_LocationCriteriaEnglish`):
 * the German criteria's kinds and members by their English names. The service reads it translated to the German form
 * and checks that; this schema documents it.
 */
export const LOCATION_CRITERIA_ENGLISH: OpenApiObject = {
  type: 'object',
  description:
    "The criteria in the vendor's English dialect, read as their German form (`BoRead_LocationCriteria`); problems " +
    'point into the body as sent. A body with both `stammdaten` and `masterData` is refused.',
  required: ['masterData'],
  properties: {
    masterData: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        Object.entries(propertiesOf(propertiesOf(LOCATION_CRITERIA as Schema)['stammdaten'])).map(([kind, list]) => [
          englishKind(kind),
          { type: 'array', items: englishCriterion(kind, list.items ?? {}) },
        ]),
      ),
    },
  },
};
