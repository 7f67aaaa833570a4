import { randomUUID } from 'node:crypto';
import { toEnglish } from '@maco/domain';
import {
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  type TestService,
  useServicesOnOneDatabase,
} from '@maco/testing';
import { serviceModule } from './service-module';

type Body = Record<string, unknown>;

/**
 * `GET /processes/{key}` with `MACO_DIALECT`: an English LF service and a German one read the same processes (one
 * database). `current` comes in the service's dialect, translated from the canonical state; each revision's body comes
 * as it was received, whichever service reads it, with the dialect it came in.
 */
describe('GET /processes/{key} in the English dialect (LF)', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const shared = useServicesOnOneDatabase({ english: serviceModule('LF') }, { LOG_LEVEL: 'error', MACO_DIALECT: 'en' });
  let english: TestService;
  let german: TestService;

  beforeAll(async () => {
    english = shared.services.english;
    german = await startTestService(serviceModule('LF'), shared.database.url, { LOG_LEVEL: 'error' });
  });

  afterAll(async () => {
    await german?.close();
  });

  const sample = (operation: 'create' | 'update') => {
    const found = loadSamples({ role: 'LF', operation })[0];
    if (!found) throw new Error(`no LF ${operation} sample`);
    return structuredClone(found.body);
  };
  const read = async (service: TestService, key: string, query = '') => {
    const response = await fetch(`${service.baseUrl}/processes/${encodeURIComponent(key)}${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, text: await response.text() };
  };
  const readBoth = async (key: string, query = '') => {
    const [onEnglish, onGerman] = [await read(english, key, query), await read(german, key, query)];
    expect([onEnglish.status, onGerman.status]).toEqual([200, 200]);
    return { onEnglish: JSON.parse(onEnglish.text) as Body, onGerman: JSON.parse(onGerman.text) as Body };
  };

  it('should answer current in each service’s dialect and the revisions’ bodies as received, for a German and an English chain', async () => {
    const [germanKey, englishKey] = [randomUUID(), randomUUID()];
    const germanCreate = { ...sample('create'), zusatzdaten: { businessKey: germanKey } };
    const englishCreate = toEnglish({ ...sample('create'), zusatzdaten: { businessKey: englishKey } }) as Body;
    const englishUpdate = toEnglish({
      ...sample('update'),
      zusatzdaten: { businessKey: randomUUID(), targetBusinessKey: englishKey },
    }) as Body;
    expect((await postJson(`${german.baseUrl}/createProcessData`, germanCreate, { token })).status).toBe(200);
    expect((await postJson(`${english.baseUrl}/createProcessData`, englishCreate, { token })).status).toBe(200);
    expect((await postJson(`${german.baseUrl}/updateProcessData`, englishUpdate, { token })).status).toBe(200);

    for (const key of [germanKey, englishKey]) {
      const { onEnglish, onGerman } = await readBoth(key, '?bodies=true');
      expect(Object.keys(onGerman['current'] as Body).sort()).toEqual([
        'stammdaten',
        'transaktionsdaten',
        'zusatzdaten',
      ]);
      expect(onEnglish['current']).toEqual(toEnglish(onGerman['current']));
      expect(Object.keys(onEnglish['current'] as Body).sort()).toEqual([
        'additionalData',
        'masterData',
        'transactionData',
      ]);
      // Everything but `current` alike: the bodies verbatim, each revision with its dialect.
      expect({ ...onEnglish, current: null }).toEqual({ ...onGerman, current: null });
    }
    const revisions = async (key: string) =>
      ((await readBoth(key, '?bodies=true')).onEnglish['revisions'] as Body[]).map(({ dialect, body }) => ({
        dialect,
        body,
      }));
    expect(await revisions(germanKey)).toEqual([{ dialect: 'de', body: germanCreate }]);
    expect(await revisions(englishKey)).toEqual([
      { dialect: 'en', body: englishCreate },
      { dialect: 'en', body: englishUpdate },
    ]);
  });

  it('should translate the state of a process never updated (its create’s body) and keep its numbers exact', async () => {
    const businessKey = randomUUID();
    const body = { ...sample('create'), zusatzdaten: { businessKey } };
    const raw = JSON.stringify(body).replace(
      /}$/,
      ',"zahlen":{"gross":123456789012345678901234567890,"riesig":1e400}}',
    );
    expect((await postJson(`${german.baseUrl}/createProcessData`, undefined, { token, raw })).status).toBe(200);

    const onEnglish = await read(english, businessKey);
    expect(onEnglish.status).toBe(200);
    expect(onEnglish.text).toContain(`:123456789012345678901234567890,`);
    expect(onEnglish.text).toContain(`:1${'0'.repeat(400)}}`);
    expect(onEnglish.text).not.toContain('e+29');
    const current = (JSON.parse(onEnglish.text) as Body)['current'] as Body;
    expect(Object.keys(current)).toEqual(expect.arrayContaining(['masterData', 'transactionData', 'additionalData']));
    expect(Object.keys(current)).not.toContain('stammdaten');
  });
});
