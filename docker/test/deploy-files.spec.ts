import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const DOCKER = resolve(__dirname, '..');
const ROOT = resolve(DOCKER, '..');
const ROLES = ['lf', 'nb', 'msb'];

interface ComposeService {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}

describe('docker/compose.yaml', () => {
  const compose = parse(readFileSync(join(DOCKER, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };

  it('should run PostgreSQL with a health check and one service per role', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['lf', 'msb', 'nb', 'postgres']);
    expect(compose.services['postgres'].healthcheck).toBeDefined();
  });

  it.each(ROLES)('should build %s from the Dockerfile with its own app, wait for the database and use it', (role) => {
    const service = compose.services[role];
    expect(service.build?.args).toEqual({ APP: role });
    expect(existsSync(resolve(DOCKER, service.build?.context ?? '', service.build?.dockerfile ?? ''))).toBe(true);
    expect(existsSync(join(ROOT, 'apps', service.build?.args?.['APP'] ?? '', 'project.json'))).toBe(true);
    expect(service.environment?.['DATABASE_URL']).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(service.environment?.['JWT_SECRET']).toBeDefined();
    expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('should publish each role on its own port', () => {
    const ports = ROLES.map((role) => compose.services[role].ports?.[0]?.split(':')[0]);
    expect(new Set(ports).size).toBe(ROLES.length);
  });
});

describe('docker/Dockerfile', () => {
  const lines = readFileSync(join(DOCKER, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  const finalStage = lines.slice(lines.map((line) => line.startsWith('FROM ')).lastIndexOf(true));

  it('should build in one stage and run from a slim one as a non-root user with a health check', () => {
    expect(lines.filter((line) => line.startsWith('FROM '))).toHaveLength(2);
    expect(finalStage.some((line) => /^USER (?!root\b)\w+/.test(line))).toBe(true);
    expect(finalStage.some((line) => line.startsWith('HEALTHCHECK ') && line.includes('/health/live'))).toBe(true);
    expect(finalStage.some((line) => line.startsWith('ARG APP'))).toBe(true);
  });

  it('should only run steps that also run without Docker', () => {
    const steps = lines.filter((line) => line.startsWith('RUN ')).map((line) => line.slice(4).trim());
    expect(steps).toEqual([
      'npm install --no-audit --no-fund',
      'docker/stage-app.sh "${APP}" /stage',
      'mkdir -p /app/.data && chown node:node /app/.data',
    ]);
    expect(existsSync(join(DOCKER, 'stage-app.sh'))).toBe(true);
  });
});
