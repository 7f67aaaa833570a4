import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

// The coverage tool (tools/domain-coverage) walks the published schemas alongside these classes; the spec runs it as
// a process, so there is one walker and the tool's entry point is tested with it.
const TOOL = path.resolve(__dirname, '../../../../tools/domain-coverage/run.js');

interface Ratio {
  typed: number;
  total: number;
  percent: number;
}

interface ToolReport {
  ok: boolean;
  thresholds: { kinds: number; fields: number };
  schemas: Array<{
    role: string;
    operation: string;
    envelope: string;
    kinds: Ratio & { list: Array<{ kind: string; typed: boolean }> };
    fields: Ratio;
    untyped: Array<{ pointer: string; reason?: string }>;
    rejectedTypes: Array<{ pointer: string; type: string; reason?: string }>;
  }>;
  unusedReasons: unknown[];
}

function runTool(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' });
}

describe('envelope classes vs. published schemas (tools/domain-coverage)', () => {
  const run = runTool('--json');
  const report = JSON.parse(run.stdout) as ToolReport;
  const schemas = report.schemas.map((schema) => [`${schema.role} ${schema.operation}`, schema] as const);

  it('should exit 0 and check the create and update schema of every role', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(report.ok).toBe(true);
    expect(schemas.map(([name]) => name)).toEqual([
      'LF create',
      'LF update',
      'NB create',
      'NB update',
      'MSB create',
      'MSB update',
    ]);
  });

  describe.each(schemas)('%s', (_name, schema) => {
    it('should type every stammdaten kind with a class', () => {
      expect(schema.kinds.total).toBeGreaterThan(0);
      expect(schema.kinds.list.filter((kind) => !kind.typed)).toEqual([]);
    });

    it('should declare every schema field but those with a recorded reason', () => {
      expect(schema.untyped.filter((field) => !field.reason)).toEqual([]);
      expect(schema.fields.percent).toBeGreaterThanOrEqual(report.thresholds.fields);
    });

    it('should accept every type the schema gives a field unless a reason says why not', () => {
      expect(schema.rejectedTypes.filter((rejected) => !rejected.reason)).toEqual([]);
    });
  });

  it('should keep no reason that matches nothing', () => {
    expect(report.unusedReasons).toEqual([]);
  });

  it('should print markdown by default and reject unknown options', () => {
    expect(runTool().stdout).toMatch(
      /^# Domain coverage of the Prozessdaten schemas\n[\s\S]*\| LF \| create \| ProzessdatenErstellenLf \|/,
    );
    expect(runTool('--yaml')).toMatchObject({ status: 2, stdout: '', stderr: expect.stringContaining('usage:') });
  });
});
