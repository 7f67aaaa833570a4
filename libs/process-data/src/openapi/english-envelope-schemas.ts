import { type MarketRole, type ProcessOperation, toEnglish } from '@maco/domain';
import { type OpenApiObject as JsonSchema, SCHEMA_REF_PREFIX, schemaRef as ref } from '@maco/platform';

/**
 * The English twin of each German container schema an envelope references. Named here, not translated: the domain's
 * tables name BO4E members, not the class names the schemas carry.
 */
const CONTAINER_TWINS: Readonly<Record<string, string>> = {
  Stammdaten: 'MasterData',
  Transaktionsdaten: 'TransactionData',
  Zusatzdaten: 'AdditionalData',
  ZusatzdatenAktualisieren: 'AdditionalDataUpdate',
};

const OPERATION_NAME: Record<ProcessOperation, string> = { create: 'Create', update: 'Update' };

const DESCRIPTION =
  "The middleware vendor's English BO4E dialect: the same body with member names and enumeration values translated " +
  '(reference/bo4e-translation/DE_to_EN.yaml; docs/dialects.md). It is read as its German twin, stored and answered as received (its ' +
  "revision's `dialect` is `en`); findings and `errors[]` point into it as sent. A body with containers of both " +
  'dialects is refused (422 `REQUEST.VALIDATION_FAILED`).';

/** The English name of the envelope schema a role's German envelope has as its twin. */
export const englishEnvelopeName = (role: MarketRole, operation: ProcessOperation): string =>
  `ProcessData${OPERATION_NAME[operation]}${role[0]}${role.slice(1).toLowerCase()}`;

/**
 * `keys` of the German container `container` (a member of the Prozessdaten root: `stammdaten`, …) by their English
 * names, through `toEnglish` itself, so the document names exactly what the service reads. Pairs by position: the walk
 * keeps the order and number of keys (a clash of two names would drop one, which is refused here).
 */
function englishNames(container: string, keys: readonly string[]): { container: string; keys: string[] } {
  const translated = toEnglish({ [container]: Object.fromEntries(keys.map((key) => [key, null])) }) as Record<
    string,
    Record<string, unknown>
  >;
  const [englishContainer] = Object.keys(translated);
  const englishKeys = Object.keys(translated[englishContainer]);
  if (englishKeys.length !== keys.length) throw new Error(`Two members of ${container} share an English name`);
  return { container: englishContainer, keys: englishKeys };
}

/**
 * A German member's schema as its English twin's: a reference to a nested German type becomes an object (its members
 * have English names too, which the German schema would contradict), and enumerations are dropped (their values are
 * translated). Kinds, formats and nullability stay.
 */
function englishMember(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(englishMember);
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, enum: _values, ...rest } = schema as JsonSchema;
  if (typeof $ref === 'string') {
    return {
      type: 'object',
      description: `A BO4E ${$ref.slice(SCHEMA_REF_PREFIX.length)}, its members by their English names.`,
    };
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, englishMember(value)]));
}

/** The English twin of a German container schema: its members renamed, `required` with them. */
function englishContainer(german: JsonSchema, container: string, description: string): JsonSchema {
  const properties = (german['properties'] ?? {}) as Record<string, JsonSchema>;
  const germanKeys = Object.keys(properties);
  const { keys } = englishNames(container, germanKeys);
  const english: Record<string, string> = Object.fromEntries(germanKeys.map((key, index) => [key, keys[index]]));
  const required = (german['required'] ?? []) as string[];
  return {
    ...(englishMember(german) as JsonSchema),
    description,
    properties: Object.fromEntries(germanKeys.map((key) => [english[key], englishMember(properties[key])])),
    ...(required.length ? { required: required.map((key) => english[key]) } : {}),
  };
}

/** The target of a member's schema: `$ref`, or the one reference of `allOf` (an optional member). */
function targetOf(member: JsonSchema): string {
  const direct = member['$ref'] ?? (member['allOf'] as JsonSchema[] | undefined)?.[0]?.['$ref'];
  if (typeof direct !== 'string') throw new Error('An envelope member is not a reference to a container schema');
  return direct.slice(SCHEMA_REF_PREFIX.length);
}

/**
 * The English twins of a role's two envelopes (`bodies`, from {@link envelopeSchemas}) and of the containers they
 * reference, by schema name. The top-level containers and their members are the German schemas' renamed; what lies
 * deeper (the BOs of `masterData`, the parties of `transactionData`) is documented by the German schemas only.
 */
export function englishEnvelopeSchemas(
  role: MarketRole,
  bodies: Record<ProcessOperation, string>,
  germanSchemas: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const operation of ['create', 'update'] as const) {
    const envelope = germanSchemas[bodies[operation]];
    const members = (envelope['properties'] ?? {}) as Record<string, JsonSchema>;
    const germanKeys = Object.keys(members);
    const englishKeys = Object.keys(toEnglish(Object.fromEntries(germanKeys.map((key) => [key, null]))) as object);
    const properties: Record<string, JsonSchema> = {};
    germanKeys.forEach((key, index) => {
      const target = targetOf(members[key]);
      const twin = CONTAINER_TWINS[target];
      if (!twin) throw new Error(`No English twin for container schema ${target}`);
      schemas[twin] ??= englishContainer(
        germanSchemas[target],
        key,
        `\`${englishKeys[index]}\`: the English twin of \`${key}\` (${target}), members by their English names.`,
      );
      // Same shape as the German member (required, or optional and nullable), pointing at the twin.
      properties[englishKeys[index]] = members[key]['$ref'] ? ref(twin) : { ...members[key], allOf: [ref(twin)] };
    });
    const required = (envelope['required'] ?? []) as string[];
    schemas[englishEnvelopeName(role, operation)] = {
      type: 'object',
      description: `${DESCRIPTION} Its German form: \`${bodies[operation]}\`.`,
      required: required.map((key) => englishKeys[germanKeys.indexOf(key)]),
      properties,
    };
  }
  return schemas;
}
