import { randomUUID } from 'node:crypto';
import {
  loadSamples,
  mintTestToken,
  postJson,
  type TestDatabase,
  type TestService,
  useServicesOnOneDatabase,
  withClient,
} from '@maco/testing';
import { serviceModule } from './service-module';

/** Process chains on the LF service: every answer finds its process by any key the chain has carried. */
describe('process chains (LF)', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let database: TestDatabase;
  let service: TestService;

  const createSample = () => {
    const sample = loadSamples({ role: 'LF', operation: 'create' })[0];
    if (!sample) throw new Error('no LF create sample');
    return sample.body;
  };
  const updateSample = () => {
    const sample = loadSamples({ role: 'LF', operation: 'update' })[0];
    if (!sample) throw new Error('no LF update sample');
    return sample.body;
  };
  const withZusatzdaten = (body: Record<string, unknown>, zusatzdaten: Record<string, unknown>) => ({
    ...structuredClone(body),
    zusatzdaten,
  });
  const create = (zusatzdaten: Record<string, unknown>, query = '') =>
    postJson(`${service.baseUrl}/createProcessData${query}`, withZusatzdaten(createSample(), zusatzdaten), { token });
  const update = (zusatzdaten: Record<string, unknown>, body: Record<string, unknown> = updateSample()) =>
    postJson(`${service.baseUrl}/updateProcessData`, withZusatzdaten(body, zusatzdaten), { token });
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const revisionsOf = (businessKey: string) =>
    sql<{ revision: number; matched_by: string | null }>(
      `SELECT v.revision, v.matched_by FROM process_revision v JOIN process_record r ON r.id = v.record_id
        WHERE r.role = 'LF' AND r.business_key = $1 ORDER BY v.revision`,
      [businessKey],
    );
  const keysOf = (businessKey: string) =>
    sql<{ key: string; kind: string; first_revision: number }>(
      `SELECT k.key, k.kind, k.first_revision FROM process_key k JOIN process_record r ON r.id = k.record_id
        WHERE r.role = 'LF' AND r.business_key = $1 ORDER BY k.first_revision, k.key`,
      [businessKey],
    );

  const shared = useServicesOnOneDatabase({ service: serviceModule('LF') }, { DEFAULT_RELEASE: '04/26' });
  beforeAll(
    () =>
      ({
        database,
        services: { service },
      } = shared),
  );

  describe('POST /updateProcessData', () => {
    it("should book a sub-process's answer on the chain's first process and keep its key for later updates", async () => {
      const chain = randomUUID();
      const subProcess = randomUUID();
      expect((await create({ businessKey: chain })).status).toBe(200);

      const answer = await update({ businessKey: subProcess, targetBusinessKey: chain });
      const later = await update({ businessKey: subProcess, targetBusinessKey: null });

      expect([answer.status, answer.body]).toEqual([
        200,
        expect.objectContaining({
          businessKey: subProcess,
          processBusinessKey: chain,
          revision: 2,
          matchedBy: 'targetBusinessKey',
        }),
      ]);
      expect([later.status, later.body]).toEqual([
        200,
        expect.objectContaining({ processBusinessKey: chain, revision: 3, matchedBy: 'businessKey' }),
      ]);
      expect(await revisionsOf(chain)).toEqual([
        { revision: 1, matched_by: null },
        { revision: 2, matched_by: 'targetBusinessKey' },
        { revision: 3, matched_by: 'businessKey' },
      ]);
      expect(await keysOf(chain)).toEqual([{ key: subProcess, kind: 'subProcessBusinessKey', first_revision: 2 }]);
    });

    it('should resolve by parentBusinessKey, then by prozessId (also as referenzProzessId), in that order', async () => {
      const chain = randomUUID();
      const prozessId = `beleg-${randomUUID()}`;
      expect((await create({ businessKey: chain, prozessId })).status).toBe(200);

      const byParent = await update({ businessKey: randomUUID(), parentBusinessKey: chain });
      const byProzessId = await update({ businessKey: randomUUID(), prozessId });
      const byReferenz = await update({ businessKey: randomUUID(), referenzProzessId: prozessId });

      expect([byParent.body['matchedBy'], byProzessId.body['matchedBy'], byReferenz.body['matchedBy']]).toEqual([
        'parentBusinessKey',
        'prozessId',
        'prozessId',
      ]);
      expect([
        byParent.body['processBusinessKey'],
        byProzessId.body['processBusinessKey'],
        byReferenz.body['processBusinessKey'],
      ]).toEqual([chain, chain, chain]);
      expect((await keysOf(chain)).map((key) => key.kind)).toEqual([
        'subProcessBusinessKey',
        'subProcessBusinessKey',
        'subProcessBusinessKey',
      ]);
    });

    it('should answer 409 naming both processes, and book nothing, when two keys name two processes', async () => {
      const [first, second] = [randomUUID(), randomUUID()];
      await create({ businessKey: first });
      await create({ businessKey: second });

      const answer = await update({ businessKey: first, targetBusinessKey: second });

      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'PROCESS_DATA.KEYS_AMBIGUOUS',
        type: 'urn:maco:problem:keys-ambiguous',
      });
      expect(String(answer.body['detail'])).toContain(first);
      expect(String(answer.body['detail'])).toContain(second);
      expect(answer.body.errors?.map((error) => error.pointer)).toEqual([
        '#/zusatzdaten/businessKey',
        '#/zusatzdaten/targetBusinessKey',
      ]);
      expect([(await revisionsOf(first)).length, (await revisionsOf(second)).length]).toEqual([1, 1]);
    });

    it('should count updates by the key that found their process', async () => {
      const metric = async () => {
        const text = await (await fetch(`${service.baseUrl}/metrics`)).text();
        const line = text
          .split('\n')
          .find((candidate) =>
            candidate.startsWith('maco_update_resolutions_total{role="LF",matched_by="parentBusinessKey"}'),
          );
        return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
      };
      const chain = randomUUID();
      await create({ businessKey: chain });
      const before = await metric();

      await update({ businessKey: randomUUID(), parentBusinessKey: chain });

      expect(await metric()).toBe(before + 1);
    });

    it('should answer 422 when no key names a process', async () => {
      const answer = await update({ businessKey: randomUUID(), targetBusinessKey: randomUUID() });
      expect([answer.status, answer.body['code']]).toEqual([422, 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN']);
    });

    it('should land concurrent answers of one chain in order, each once, without losing a key', async () => {
      const chain = randomUUID();
      await create({ businessKey: chain });
      const subProcesses = Array.from({ length: 12 }, () => randomUUID());
      const repeated = withZusatzdaten(updateSample(), { businessKey: subProcesses[0], targetBusinessKey: chain });

      const answers = await Promise.all([
        ...subProcesses.map((subProcess) => update({ businessKey: subProcess, targetBusinessKey: chain })),
        postJson(`${service.baseUrl}/updateProcessData`, repeated, { token }),
      ]);

      expect(answers.map((answer) => answer.status)).toEqual(Array(13).fill(200));
      expect(answers.filter((answer) => answer.body['replayed'] === true)).toHaveLength(1);
      expect((await revisionsOf(chain)).map((row) => row.revision)).toEqual(
        Array.from({ length: 13 }, (_, i) => i + 1),
      );
      expect((await keysOf(chain)).map((key) => key.key).sort()).toEqual([...subProcesses].sort());
    });
  });

  describe('MaloIdent answers on POST /updateProcessData (PI 03002/03003)', () => {
    const transaktionsdaten = (pruefidentifikator: string) => ({
      vorgangsnummer: randomUUID(),
      nachrichtendatum: '2026-05-04T10:00:00Z',
      pruefidentifikator,
      absender: {
        boTyp: 'MARKTTEILNEHMER',
        versionStruktur: '1',
        rollencodenummer: '9900000000002',
        rollencodetyp: 'BDEW',
      },
      empfaenger: {
        boTyp: 'MARKTTEILNEHMER',
        versionStruktur: '1',
        rollencodenummer: '9900000000019',
        rollencodetyp: 'BDEW',
      },
    });
    const positive = (zusatzdaten: Record<string, unknown>) => ({
      stammdaten: {
        MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192' }],
      },
      transaktionsdaten: transaktionsdaten('03002'),
      zusatzdaten,
    });
    const negative = (zusatzdaten: Record<string, unknown>) => ({
      transaktionsdaten: { ...transaktionsdaten('03003'), antwortstatus: 'A02' },
      zusatzdaten,
    });
    const answer = (body: unknown) => postJson(`${service.baseUrl}/updateProcessData`, body, { token });

    it("should book a positive answer on the trigger's process and answer 201 with a message", async () => {
      const prozessId = `malo-${randomUUID()}`;
      await create({ businessKey: randomUUID(), prozessId });

      const booked = await answer(positive({ prozessId, targetBusinessKey: randomUUID() }));

      expect(booked.status).toBe(201);
      expect(booked.body).toMatchObject({
        message: 'MaloIdent answer booked',
        revision: 2,
        replayed: false,
        matchedBy: 'prozessId',
      });
    });

    it("should take the vendor's form too: wrapped in data, the id as referenzProzessId, stored as received", async () => {
      const prozessId = `malo-${randomUUID()}`;
      const chain = randomUUID();
      await create({ businessKey: chain, prozessId });
      const body = { data: negative({ referenzProzessId: prozessId, targetBusinessKey: randomUUID() }) };

      const booked = await answer(body);
      const again = await answer(body);

      expect([booked.status, booked.body['replayed'], booked.body['businessKey']]).toEqual([201, false, chain]);
      expect([again.status, again.body['replayed'], again.body['revision']]).toEqual([201, true, 2]);
      const [stored] = await sql<{ body: unknown }>(
        `SELECT v.body FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1 AND v.revision = 2`,
        [chain],
      );
      expect(stored.body).toEqual(body);
    });

    it('should refuse with 400, errorCode and message, what it cannot book', async () => {
      // A key of the wrong type names no process; a missing targetBusinessKey is only a finding (prozessId may resolve).
      const invalid = await answer(positive({ prozessId: randomUUID(), targetBusinessKey: 42 }));
      const unknown = await answer(negative({ prozessId: randomUUID(), targetBusinessKey: randomUUID() }));
      const withoutTarget = await answer(positive({ prozessId: randomUUID() }));

      expect(withoutTarget.body).toMatchObject({
        code: 'MALO_IDENT.REFUSED',
        errorCode: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        code: 'MALO_IDENT.REFUSED',
        errorCode: 'REQUEST.VALIDATION_FAILED',
        message: expect.any(String),
      });
      expect(invalid.body.errors).toEqual([
        { pointer: '#/zusatzdaten/targetBusinessKey', message: expect.any(String) },
      ]);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        code: 'MALO_IDENT.REFUSED',
        errorCode: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
      });
    });
  });

  describe('command with a system prefix', () => {
    it('should accept SAP_ERSTELLEN_PROZESSDATEN and refuse a prefixed other operation', async () => {
      const accepted = await create({ businessKey: randomUUID() }, '?command=SAP_ERSTELLEN_PROZESSDATEN');
      const refused = await create({ businessKey: randomUUID() }, '?command=SAP_AKTUALISIEREN_PROZESSDATEN');

      expect(accepted.status).toBe(200);
      expect([refused.status, refused.body['code']]).toEqual([422, 'REQUEST.COMMAND_MISMATCH']);
    });
  });

  describe('GET /processes/{key}', () => {
    const read = async (key: string, query = '', readToken = token) => {
      const response = await fetch(`${service.baseUrl}/processes/${encodeURIComponent(key)}${query}`, {
        headers: { authorization: `Bearer ${readToken}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it('should show a process by any key it has carried, with its keys, revisions and state', async () => {
      const chain = randomUUID();
      const subProcess = randomUUID();
      await create({ businessKey: chain });
      await update({ businessKey: subProcess, targetBusinessKey: chain });
      const linked = randomUUID();
      await create({ businessKey: linked, targetBusinessKey: chain });

      const bySubProcess = await read(subProcess);
      const withBodies = await read(chain, '?bodies=true');

      expect(bySubProcess.status).toBe(200);
      expect(bySubProcess.body).toMatchObject({
        businessKey: chain,
        role: 'LF',
        keys: [
          { key: chain, kind: 'businessKey', firstRevision: 1 },
          { key: subProcess, kind: 'subProcessBusinessKey', firstRevision: 2 },
        ],
        linkedProcesses: [linked],
        revisions: [
          { revision: 1, operation: 'create', matchedBy: null },
          { revision: 2, operation: 'update', matchedBy: 'targetBusinessKey', tokenSubject: expect.any(String) },
        ],
      });
      expect((bySubProcess.body['revisions'] as Record<string, unknown>[])[0]).not.toHaveProperty('body');
      expect(
        (withBodies.body['revisions'] as Record<string, unknown>[]).map(
          (revision) => (revision['body'] as { zusatzdaten: unknown }).zusatzdaten,
        ),
      ).toEqual([{ businessKey: chain }, { businessKey: subProcess, targetBusinessKey: chain }]);
    });

    it('should answer 404 for a key no process carries, 403 for a token of another role', async () => {
      const unknown = await read(randomUUID());
      const chain = randomUUID();
      await create({ businessKey: chain });
      const otherRole = await read(chain, '', mintTestToken({ roles: ['NB'] }));

      expect([unknown.status, unknown.body['code']]).toEqual([404, 'PROCESS_DATA.PROCESS_NOT_FOUND']);
      expect(otherRole.status).toBe(403);
    });
  });
});
