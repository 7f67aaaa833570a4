import { envelopeClassFor, validateProcessData } from '@maco/domain';
import { type DomainCoverage, domainCoverage, type Ratio, type RoleOperationCoverage } from './coverage';

const USAGE = 'usage: node tools/domain-coverage/run.js [--json]\n';

const label = ({ role, operation }: RoleOperationCoverage): string => `${role} ${operation}`;
const fraction = ({ typed, total, percent }: Ratio): string => `${typed}/${total} (${percent.toFixed(1)} %)`;
const code = (text: string): string => `\`${text}\``;
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(header: string[], rows: string[][], align: Array<'l' | 'r'> = []): string[] {
  const rule = header.map((_column, index) => (align[index] === 'r' ? '---:' : '---'));
  return [header, rule, ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`);
}

/** Entries of several role/operations that share a pointer (and type) are listed once. */
function grouped<T extends { pointer: string; pis: string[]; reason?: string }>(
  report: DomainCoverage,
  entries: (schema: RoleOperationCoverage) => T[],
  key: (entry: T) => string,
): Array<T & { where: string[]; allPis: string[] }> {
  const groups = new Map<string, T & { where: string[]; allPis: string[] }>();
  for (const schema of report.schemas) {
    for (const entry of entries(schema)) {
      const group = groups.get(key(entry)) ?? { ...entry, where: [], allPis: [] };
      group.where.push(label(schema));
      group.allPis = [...new Set([...group.allPis, ...entry.pis])].sort();
      groups.set(key(entry), group);
    }
  }
  return [...groups.values()];
}

export function toMarkdown(report: DomainCoverage): string {
  const { thresholds } = report;
  const lines = [
    '# Domain coverage of the Prozessdaten schemas',
    '',
    'Classes of `@maco/domain` against `reference/schemas/{lf,nb,msb}-{create,update}.json` (union over the',
    "Prüfidentifikatoren of each schema; array items collapsed). A field is typed when its parent's class declares it.",
    '',
    ...table(
      [
        'Role',
        'Operation',
        'Envelope',
        'Kinds typed',
        'Fields typed',
        'stammdaten',
        'transaktionsdaten',
        'Rejected types',
      ],
      report.schemas.map((schema) => [
        schema.role,
        schema.operation,
        schema.envelope,
        fraction(schema.kinds),
        fraction(schema.fields),
        schema.fields.byArea.stammdaten ? fraction(schema.fields.byArea.stammdaten) : '–',
        schema.fields.byArea.transaktionsdaten ? fraction(schema.fields.byArea.transaktionsdaten) : '–',
        String(schema.rejectedTypes.length),
      ]),
      ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    `**${report.ok ? 'OK' : 'FAILED'}**: thresholds kinds ${thresholds.kinds} %, fields ${thresholds.fields} % per role and operation.`,
    '',
    '## Stammdaten kinds',
    '',
    '`typed` = a BO class; `OPEN` = a placeholder without class; `–` = the schema has no such kind.',
    '',
  ];

  const kinds = [...new Set(report.schemas.flatMap((schema) => schema.kinds.list.map((kind) => kind.kind)))].sort();
  lines.push(
    ...table(
      ['Kind', 'Class', ...report.schemas.map(label)],
      kinds.map((kind) => {
        const found = report.schemas.map((schema) => schema.kinds.list.find((entry) => entry.kind === kind));
        const className = found.find((entry) => entry?.className)?.className ?? '–';
        return [code(kind), className, ...found.map((entry) => (entry ? (entry.typed ? 'typed' : 'OPEN') : '–'))];
      }),
    ),
  );

  const untyped = grouped(
    report,
    (schema) => schema.untyped,
    (entry) => entry.pointer,
  );
  lines.push('', '## Untyped fields', '');
  lines.push(
    ...(untyped.length
      ? table(
          ['Field', 'Role/operation', 'PIs', 'Reason'],
          untyped.map((entry) => [
            code(entry.pointer),
            entry.where.join(', '),
            entry.allPis.join(', '),
            entry.reason ?? '**no reason recorded**',
          ]),
        )
      : ['None.']),
  );

  const rejected = grouped(
    report,
    (schema) => schema.rejectedTypes,
    (entry) => `${entry.pointer} ${entry.type}`,
  );
  lines.push('', '## Schema types the classes reject', '');
  lines.push(
    ...(rejected.length
      ? table(
          ['Field', 'Schema type', 'Role/operation', 'PIs', 'Violation', 'Reason'],
          rejected.map((entry) => [
            code(entry.pointer),
            code(entry.type),
            entry.where.join(', '),
            entry.allPis.join(', '),
            entry.messages.join('; '),
            entry.reason ?? '**no reason recorded**',
          ]),
        )
      : ['None.']),
  );

  if (report.unusedReasons.length) {
    lines.push(
      '',
      '## Stale reasons',
      '',
      ...report.unusedReasons.map((entry) => `- ${code(entry.pointer)}${entry.type ? ` (${entry.type})` : ''}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the report; returns the exit code: 0 when both thresholds hold for every role and operation, 1 if not. */
export function main(
  args: readonly string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream = process.stderr,
): number {
  const unknown = args.filter((arg) => arg !== '--json');
  if (unknown.length) {
    err.write(USAGE);
    return 2;
  }
  const report = domainCoverage({ envelopeClassFor, validate: validateProcessData });
  out.write(args.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : toMarkdown(report));
  return report.ok ? 0 : 1;
}
