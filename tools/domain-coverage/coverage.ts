import { findReason, type Reason, REASONS } from './reasons';
import {
  type ClassType,
  type FieldArea,
  type Operation,
  readSchemaDocument,
  type Role,
  SCHEMA_FILES,
  schemaCoverage,
  schemasDir,
  typeConflicts,
  type Validate,
} from './schema-walker';

export const THRESHOLDS = Object.freeze({ kinds: 100, fields: 95 });

export interface CoverageInput {
  envelopeClassFor(role: Role, operation: Operation): ClassType;
  validate: Validate;
  /** Folder holding `{lf,nb,msb}-{create,update}.json`; defaults to `reference/schemas`. */
  schemasDir?: string;
}

export interface Ratio {
  typed: number;
  total: number;
  /** One decimal; 100 when there is nothing to type. */
  percent: number;
}

export interface RoleOperationCoverage {
  role: Role;
  operation: Operation;
  file: string;
  envelope: string;
  kinds: Ratio & { list: Array<{ kind: string; className?: string; typed: boolean }> };
  fields: Ratio & {
    byArea: Partial<Record<FieldArea, Ratio>>;
    list: Array<{ pointer: string; owner?: string; typed: boolean }>;
  };
  untyped: Array<{ pointer: string; owner?: string; pis: string[]; reason?: string }>;
  rejectedTypes: Array<{ pointer: string; type: string; pis: string[]; messages: string[]; reason?: string }>;
}

export interface DomainCoverage {
  thresholds: typeof THRESHOLDS;
  /** Every role and operation reaches both thresholds. */
  ok: boolean;
  schemas: RoleOperationCoverage[];
  /** Reasons that match no untyped field or rejected type: stale. */
  unusedReasons: Reason[];
}

function ratio(typed: number, total: number): Ratio {
  return { typed, total, percent: total ? Math.floor((typed / total) * 1000) / 10 : 100 };
}

/** `PI_55001` and `31004_Korrektur_…` → the Prüfidentifikator; other alternatives keep their schema name. */
function piOf(alternative: string): string {
  return /^(?:PI_)?(\d{5})(?:_|$)/.exec(alternative)?.[1] ?? alternative;
}

const pis = (alternatives: readonly string[]): string[] => [...new Set(alternatives.map(piOf))].sort();

/** Coverage of the envelope classes of every role and operation against that role's published schema. */
export function domainCoverage(input: CoverageInput): DomainCoverage {
  const dir = input.schemasDir ?? schemasDir();
  const used = new Set<Reason>();
  const reasoned = (pointer: string, type?: string): string | undefined => {
    const entry = findReason(pointer, type);
    if (entry) used.add(entry);
    return entry?.reason;
  };

  const schemas = SCHEMA_FILES.map((id): RoleOperationCoverage => {
    const coverage = schemaCoverage(
      readSchemaDocument(id.file, dir),
      input.envelopeClassFor(id.role, id.operation),
      id,
    );
    const byArea: Partial<Record<FieldArea, Ratio>> = {};
    for (const area of new Set(coverage.fields.map((field) => field.area))) {
      const inArea = coverage.fields.filter((field) => field.area === area);
      byArea[area] = ratio(inArea.filter((field) => field.typed).length, inArea.length);
    }
    return {
      ...id,
      envelope: coverage.envelope,
      kinds: {
        ...ratio(coverage.kinds.filter((kind) => kind.typed).length, coverage.kinds.length),
        list: coverage.kinds.map(({ kind, className, typed }) => ({ kind, className, typed })),
      },
      fields: {
        ...ratio(coverage.fields.filter((field) => field.typed).length, coverage.fields.length),
        byArea,
        list: coverage.fields.map(({ pointer, owner, typed }) => ({ pointer, owner, typed })),
      },
      untyped: coverage.fields
        .filter((field) => !field.typed)
        .map(({ pointer, owner, alternatives }) => ({
          pointer,
          owner,
          pis: pis(alternatives),
          reason: reasoned(pointer),
        })),
      rejectedTypes: typeConflicts(coverage, input.validate).map(({ pointer, type, alternatives, messages }) => ({
        pointer,
        type,
        pis: pis(alternatives),
        messages,
        reason: reasoned(pointer, type),
      })),
    };
  });

  const ok = schemas.every(
    ({ kinds, fields }) =>
      kinds.typed * 100 >= kinds.total * THRESHOLDS.kinds && fields.typed * 100 >= fields.total * THRESHOLDS.fields,
  );
  return { thresholds: THRESHOLDS, ok, schemas, unusedReasons: REASONS.filter((entry) => !used.has(entry)) };
}
