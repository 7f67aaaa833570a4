import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BO_READ_GROUP } from '@maco/bo-read';
import { type MarketRole, toEnglish } from '@maco/domain';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { composeService } from '@maco/service';
import {
  loadSamples,
  runPool,
  type Sample,
  samplesDir,
  useServicesOnOneDatabase,
  withBusinessKey,
} from '@maco/testing';
import { postTwins, readModel, stateDifference, type TwinOutcome } from './dialect-twins';

type Body = Record<string, unknown>;

const serviceOf = (role: MarketRole) => composeService({ role, groups: [PROCESS_DATA_GROUP, BO_READ_GROUP] });
const servicesOfEveryRole = () => ({ LF: serviceOf('LF'), NB: serviceOf('NB'), MSB: serviceOf('MSB') });

/** Every request sample (documentation, upstream test messages, synthesised) and the vendor's converted messages. */
function realBodies(): Sample[] {
  const vendorDir = join(samplesDir(), 'vendor');
  const vendor = readdirSync(vendorDir)
    .filter((name) => name.endsWith('.json'))
    .map((name): Sample => {
      const [role, operation, pruefidentifikator] = name.split('-');
      const body = JSON.parse(readFileSync(join(vendorDir, name), 'utf8')) as Body;
      return { file: `vendor/${name}`, role: role.toUpperCase(), operation, pruefidentifikator, body };
    });
  return [...loadSamples(), ...vendor];
}

/**
 * Real bodies in the vendor's English dialect, translated by its official map, book exactly like their German twins
 * (issue "Every dialect the middleware speaks"): each German body goes to a German service, its English twin with the
 * same keys to a service of the same role on a database of its own. Answers agree (findings point into the English
 * body), every process holds the same canonical state, updates find their process by `targetBusinessKey`, and the two
 * read models are identical row for row.
 */
describe('English twins of real bodies', () => {
  const german = useServicesOnOneDatabase(servicesOfEveryRole());
  const english = useServicesOnOneDatabase(servicesOfEveryRole());
  const services = () => ({ de: german.services, en: english.services });
  const outcomes: TwinOutcome[] = [];
  const states: { label: string; role: string; key: string }[] = [];
  const bodies = realBodies();

  beforeAll(async () => {
    const tasks = bodies.map((sample) => async () => {
      const role = sample.role;
      const label = `${sample.file}`;
      if (sample.operation === 'create') {
        const body = withBusinessKey(sample.body);
        const key = (body['zusatzdaten'] as Body)['businessKey'] as string;
        outcomes.push(
          await postTwins(services(), label, {
            role,
            path: '/createProcessData',
            german: body,
            english: toEnglish(body) as Body,
          }),
        );
        states.push({ label, role, key });
        return;
      }
      // An update names a process created first (the role's first create sample) by its targetBusinessKey.
      const [base] = loadSamples({ role, operation: 'create' });
      const baseBody = withBusinessKey(base.body);
      const baseKey = (baseBody['zusatzdaten'] as Body)['businessKey'] as string;
      const created = await postTwins(services(), `${label} (its process)`, {
        role,
        path: '/createProcessData',
        german: baseBody,
        english: toEnglish(baseBody) as Body,
      });
      outcomes.push(created);
      const body = structuredClone(sample.body);
      body['zusatzdaten'] = { ...(body['zusatzdaten'] as Body), businessKey: randomUUID(), targetBusinessKey: baseKey };
      outcomes.push(
        await postTwins(services(), label, {
          role,
          path: '/updateProcessData',
          german: body,
          english: toEnglish(body) as Body,
        }),
      );
      states.push({ label, role, key: baseKey });
    });
    // One at a time: both databases then see the same order of bookings, so their read models can be compared.
    await runPool(tasks, 1);
  }, 120_000);

  it('should have posted every real body in both dialects', () => {
    expect(bodies.length).toBeGreaterThanOrEqual(30);
    expect(outcomes.filter((outcome) => !outcome.label.endsWith('(its process)'))).toHaveLength(bodies.length);
  });

  it('should answer every English twin as its German body, findings pointing into the English body', () => {
    expect(outcomes.filter((outcome) => outcome.german.status !== 200).map((outcome) => outcome.label)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.difference).map((o) => `${o.label}: ${o.difference}`)).toEqual([]);
  });

  it('should resolve every English update by its targetBusinessKey', () => {
    const updates = outcomes.filter((outcome) => outcome.english.body['matchedBy'] !== undefined);
    expect(updates.length).toBeGreaterThan(10);
    expect(updates.filter((outcome) => outcome.english.body['matchedBy'] !== 'targetBusinessKey')).toEqual([]);
  });

  it('should hold the same canonical state for every process, recording each revision’s dialect', async () => {
    const differences: string[] = [];
    for (const { label, role, key } of states) {
      const difference = await stateDifference(services(), role, key);
      if (difference) differences.push(`${label}: ${difference}`);
    }
    expect(differences).toEqual([]);
  });

  it('should project the same read model from both dialects, row for row', async () => {
    const [de, en] = await Promise.all([readModel(german.database.url), readModel(english.database.url)]);
    expect(de.length).toBeGreaterThan(50);
    expect(en).toEqual(de);
  });
});
