import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';

const DOCKER = resolve(__dirname, '..');
const ROOT = resolve(DOCKER, '..');
const DASHBOARD = join(DOCKER, 'grafana', 'maco-services.json');
/** Every panel and query reads the data source the dashboard's variable names, so the file imports anywhere. */
const DATASOURCE = { type: 'prometheus', uid: '${DS_PROMETHEUS}' };
const PANEL_TYPES = new Set(['row', 'timeseries', 'stat', 'bargauge', 'table']);
const HISTOGRAM_SERIES = /_(bucket|sum|count)$/;
/** The services' metrics and prom-client's default ones: the names a query may use without labels. */
const METRIC_PREFIXES = /\b((?:maco|http_server|nodejs|process)_[a-zA-Z0-9_:]+)/g;
const METRIC_NAME = /^(maco|http_server|nodejs|process)_/;

/** Metrics the dashboard shows before the code defines them: a name goes once its definition is committed. */
const NOT_YET_DEFINED = new Set<string>([]);

interface Target {
  datasource?: unknown;
  expr?: string;
  refId?: string;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  description?: string;
  datasource?: unknown;
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: Target[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  query?: string | { query: string };
  datasource?: unknown;
}
interface Dashboard {
  uid: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Variable[] };
}

/** Production sources of the libs and apps: where the services' metrics are defined. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'test'].includes(entry.name) ? [] : sources(path);
    return /(?<!\.spec|\.integration-spec|\.measure-spec|\.d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Metric names the code defines, with their type where it is `new Counter|Gauge|Histogram|Summary({ name: '…'`. */
function definedMetrics(): Map<string, string> {
  const metrics = new Map<string, string>();
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of registry.getMetricsAsArray()) metrics.set(metric.name, String(metric.type));
  for (const file of ['libs', 'apps'].flatMap((dir) => sources(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(/['"]((?:maco|http)_[a-z0-9_]+)['"]/g))
      if (!metrics.has(name)) metrics.set(name, 'unknown');
    for (const [, type, name] of text.matchAll(
      /new (Counter|Gauge|Histogram|Summary)\b[^(]*\(\s*\{\s*name:\s*'([^']+)'/g,
    ))
      metrics.set(name, type.toLowerCase());
  }
  return metrics;
}

/** Top-level panels and those inside collapsed rows. */
function allPanels(dashboard: Dashboard): Panel[] {
  return dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
}

/** Metric names a query reads: selectors with labels, and bare names of the services' prefixes. */
function metricNamesOf(query: string): string[] {
  const names = [...query.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g), ...query.matchAll(METRIC_PREFIXES)];
  return names.map(([, name]) => name);
}

function variableQuery(variable: Variable): string {
  return typeof variable.query === 'string' ? variable.query : (variable.query?.query ?? '');
}

describe('docker/grafana/maco-services.json', () => {
  const text = readFileSync(DASHBOARD, 'utf8');
  const dashboard = JSON.parse(text) as Dashboard;
  const panels = allPanels(dashboard);
  const visualisations = panels.filter((panel) => panel.type !== 'row');
  const exprs = visualisations.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr ?? ''));
  const queries = [...exprs, ...dashboard.templating.list.map(variableQuery)];

  it('should be JSON as Grafana exports it (two spaces), a dashboard of schema 39 with a fixed uid', () => {
    expect(text.replace(/\n$/, '')).toBe(JSON.stringify(dashboard, null, 2));
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.uid).toBe('maco-services');
  });

  it('should pick the Prometheus data source and the roles by variables', () => {
    const variables = new Map(dashboard.templating.list.map((variable) => [variable.name, variable]));
    expect(variables.get('DS_PROMETHEUS')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(variables.get('role')).toMatchObject({ type: 'query', datasource: DATASOURCE });
    expect(variableQuery(variables.get('role') as Variable)).toMatch(/^label_values\(maco_\w+, role\)$/);
    for (const variable of dashboard.templating.list.filter((candidate) => candidate.type === 'query'))
      expect({ [variable.name]: variable.datasource }).toEqual({ [variable.name]: DATASOURCE });
  });

  it('should give every panel a unique id, a known type, a place in the 24 columns and a description', () => {
    const ids = panels.map((panel) => panel.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { title, type, gridPos, description } of panels) {
      expect({ title, type: PANEL_TYPES.has(type) ? type : `unknown: ${type}` }).toEqual({ title, type });
      expect({ title, fits: gridPos.x >= 0 && gridPos.w > 0 && gridPos.x + gridPos.w <= 24 }).toEqual({
        title,
        fits: true,
      });
      if (type !== 'row')
        expect({ title, description: Boolean(description?.trim()) }).toEqual({ title, description: true });
    }
  });

  it('should query the data source variable in every panel and target, each with a query and a refId of its own', () => {
    for (const { title, datasource, targets = [] } of visualisations) {
      expect({ title, datasource }).toEqual({ title, datasource: DATASOURCE });
      expect({ title, targets: targets.length > 0 }).toEqual({ title, targets: true });
      for (const target of targets) {
        expect({ title, datasource: target.datasource }).toEqual({ title, datasource: DATASOURCE });
        expect({ title, expr: Boolean(target.expr?.trim()) }).toEqual({ title, expr: true });
      }
      const refIds = targets.map((target) => target.refId);
      expect({ title, refIds: new Set(refIds).size }).toEqual({ title, refIds: refIds.length });
    }
  });

  it('should only query metrics the services export (histogram series of histograms)', () => {
    const defined = definedMetrics();
    const missing = new Set<string>();
    for (const query of queries)
      for (const name of metricNamesOf(query)) {
        const series = HISTOGRAM_SERIES.test(name) ? defined.get(name.replace(HISTOGRAM_SERIES, '')) : undefined;
        const known = defined.has(name) || NOT_YET_DEFINED.has(name) || series === 'histogram' || series === 'summary';
        if (!known) missing.add(name);
      }
    expect([...missing]).toEqual([]);
  });

  it('should filter every selector by the role or instance variable', () => {
    const selectors = exprs.flatMap((expr) => [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?/g)]);
    const unfiltered = selectors
      .filter(([, name, labels]) => METRIC_NAME.test(name) && !/=~"\$(role|instance)"/.test(labels ?? ''))
      .map(([selector]) => selector);
    expect(unfiltered).toEqual([]);
    expect(exprs.filter((expr) => expr.includes('maco_')).length).toBeGreaterThan(30);
  });
});
