import { randomUUID } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import { MARKET_ROLES, type MarketRole } from '@maco/domain';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  STAMMDATEN_MUTATIONS,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
  withClient,
} from '@maco/testing';

/** A process's state as `process_state` reads it back: kinds of objects, and the transaction's fields. */
type StoredState = {
  stammdaten: Record<string, Record<string, unknown>[]>;
  transaktionsdaten: Record<string, unknown>;
};

/**
 * The contract every role's service keeps on createProcessData / updateProcessData, run against the
 * app module of that role on a fresh PostgreSQL database, through HTTP.
 */
export function describeProcessDataContract(role: MarketRole, appModule: Type<unknown> | DynamicModule): void {
  const lower = role.toLowerCase();
  const otherRole = MARKET_ROLES.find((candidate) => candidate !== role) as MarketRole;
  const create55001 = () => {
    const sample = loadSamples({ role, operation: 'create' }).find((s) => s.pruefidentifikator === '55001');
    if (!sample) throw new Error(`sample ${lower}-create-55001.json is missing`);
    return sample.body;
  };

  describe(`${role} service: process data on PostgreSQL`, () => {
    let database: TestDatabase;
    let service: TestService;
    /** The same role with AHB_RULE_MODE=strict, which refuses what report mode books with findings. */
    let strictService: TestService;
    const token = mintTestToken({ roles: [role] });
    const create = (body: unknown, query = '') =>
      postJson(`${service.baseUrl}/createProcessData${query}`, body, { token });
    const update = (body: unknown, query = '') =>
      postJson(`${service.baseUrl}/updateProcessData${query}`, body, { token });
    const sql = <T>(text: string, params: unknown[] = []) =>
      withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);

    beforeAll(async () => {
      database = await createTestDatabase();
      service = await startTestService(appModule, database.url, {
        BODY_LIMIT_BYTES: String(64 * 1024),
        DEFAULT_RELEASE: '04/26',
      });
      strictService = await startTestService(appModule, database.url, {
        DEFAULT_RELEASE: '04/26',
        AHB_RULE_MODE: 'strict',
      });
    });

    afterAll(async () => {
      await service?.close();
      await strictService?.close();
      await database?.drop();
    });

    describe('POST /createProcessData', () => {
      it('should book the body verbatim, unknown fields included, when it is valid', async () => {
        const body = withBusinessKey(create55001());
        (body['stammdaten'] as { MARKTLOKATION: Record<string, unknown>[] }).MARKTLOKATION[0]['zukunftsfeld'] = {
          neu: [1, 'zwei'],
        };
        body['unbekannterBlock'] = { a: null };

        const response = await create(body);

        expect(response.status).toBe(200);
        const businessKey = (body['zusatzdaten'] as { businessKey: string }).businessKey;
        expect(response.body).toMatchObject({ businessKey, revision: 1, replayed: false });
        const rows = await sql<{
          body: unknown;
          current: unknown;
          revision: number;
          pruefidentifikator: string;
          role: string;
          marktlokations_ids: string[];
        }>(
          `SELECT v.body, r.current, r.revision, r.pruefidentifikator, r.role, r.marktlokations_ids
             FROM process_state r JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = $1`,
          [businessKey],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0].body).toEqual(body);
        expect(rows[0].current).toEqual(body);
        expect(rows[0]).toMatchObject({
          revision: 1,
          pruefidentifikator: '55001',
          role,
          marktlokations_ids: ['50074561192'],
        });
      });

      it('should answer 200 again and book nothing twice when the same create is replayed', async () => {
        const body = withBusinessKey(create55001());
        const first = await create(body);
        const [again, concurrent] = await Promise.all([create(body), create(body)]);

        expect(first.body).toMatchObject({ replayed: false });
        expect([again.status, concurrent.status]).toEqual([200, 200]);
        expect(again.body).toMatchObject({ replayed: true, revision: 1 });
        const [{ count }] = await sql<{ count: string }>(
          `SELECT count(*) FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1`,
          [(body['zusatzdaten'] as { businessKey: string }).businessKey],
        );
        expect(count).toBe('1');
      });

      it('should treat a retry whose keys come in another order as the same body', async () => {
        const body = withBusinessKey(create55001());
        const reordered = reverseKeys(body);
        expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(body));

        expect((await create(body)).body).toMatchObject({ replayed: false });
        expect((await create(reordered)).body).toMatchObject({ replayed: true, revision: 1 });
      });

      it('should answer 409 problem details when the business key is booked with a different body', async () => {
        const body = withBusinessKey(create55001());
        await create(body);
        const changed = structuredClone(body);
        (changed['transaktionsdaten'] as Record<string, unknown>)['dokumentennummer'] = 'ANDERS';

        const response = await create(changed);

        expect(response.status).toBe(409);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.body).toMatchObject({
          status: 409,
          code: 'PROCESS_DATA.BUSINESS_KEY_CONFLICT',
          type: 'urn:maco:problem:business-key-conflict',
        });
      });

      it('should assign a business key, return it, and find it again on a keyless replay', async () => {
        const body = create55001();
        (body['transaktionsdaten'] as Record<string, unknown>)['dokumentennummer'] = randomUUID();

        const first = await create(body);
        const second = await create(body);

        expect(first.status).toBe(200);
        expect(first.body['businessKey']).toMatch(/^[0-9a-f-]{36}$/);
        expect(second.body).toMatchObject({ businessKey: first.body['businessKey'], revision: 1, replayed: true });
        const [row] = await sql<{ current: { zusatzdaten: { businessKey: string } }; body: unknown }>(
          `SELECT r.current, v.body FROM process_state r JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = $1`,
          [first.body['businessKey']],
        );
        expect(row.body).toEqual(body);
        expect(row.current.zusatzdaten.businessKey).toBe(first.body['businessKey']);
      });

      it('should book values that disagree with the domain verbatim, each with an invalid-value finding; strict mode refuses them all', async () => {
        const body = withBusinessKey(create55001()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        body.stammdaten.BILANZIERUNG[0].jahresverbrauchsprognose.wert = '2000';
        body.transaktionsdaten.nachrichtendatum = '01.04.2024';
        const pointers = [
          '#/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/wert',
          '#/transaktionsdaten/nachrichtendatum',
        ];

        const refused = await postJson(`${strictService.baseUrl}/createProcessData`, body, { token });
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({
          code: 'REQUEST.VALIDATION_FAILED',
          type: 'urn:maco:problem:invalid',
          status: 422,
        });
        expect(refused.body.errors?.map((e) => e.pointer)).toEqual(pointers);

        const booked = await create(body);
        expect(booked.status).toBe(200);
        const invalid = (booked.body['findings'] as { code: string; pointer: string; got?: string }[]).filter(
          (finding) => finding.code === 'invalid-value',
        );
        expect(invalid.map(({ pointer, got }) => [pointer, got])).toEqual([
          [pointers[0], 'string'],
          [pointers[1], 'string'],
        ]);
        const [row] = await sql<{ body: unknown }>(
          `SELECT v.body FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1 AND r.role = $2`,
          [body.zusatzdaten.businessKey, role],
        );
        expect(row.body).toEqual(body);
      });

      it('should read stammdaten and zusatzdaten sent as [] or null as empty objects', async () => {
        const body = { ...withBusinessKey(create55001()), stammdaten: [] };
        const booked = await create(body);
        expect(booked.status).toBe(200);
        expect(
          (booked.body['findings'] as { code: string }[]).filter((finding) => finding.code === 'invalid-value'),
        ).toEqual([]);
        const keyless = await create({ ...create55001(), stammdaten: null, zusatzdaten: [] });
        expect(keyless.status).toBe(200);
        expect(typeof keyless.body['businessKey']).toBe('string');
      });

      it.each(
        STAMMDATEN_MUTATIONS.filter((mutation) => mutation.roles.includes(role)).map((m) => [m.kind, m] as const),
      )(
        'should book a wrong type nested in %s with a finding at the exact pointer (strict: 422 there), and the corrected item without',
        async (kind, mutation) => {
          const body = withBusinessKey(create55001());
          body['stammdaten'] = { [kind]: [mutation.item] };

          const rejected = await postJson(`${strictService.baseUrl}/createProcessData`, body, { token });
          expect(rejected.status).toBe(422);
          expect(rejected.body.errors?.map((error) => error.pointer)).toEqual([mutation.pointer]);

          const booked = await create(body);
          expect(booked.status).toBe(200);
          const invalidPointers = (findings: unknown) =>
            (findings as { code: string; pointer: string }[])
              .filter((finding) => finding.code === 'invalid-value')
              .map((finding) => finding.pointer);
          expect(invalidPointers(booked.body['findings'])).toEqual([mutation.pointer]);

          const segments = mutation.pointer.split('/').slice(4);
          const fixed = withBusinessKey(structuredClone(body));
          let holder = (fixed['stammdaten'] as Record<string, Record<string, unknown>[]>)[kind][0] as Record<
            string,
            unknown
          >;
          for (const segment of segments.slice(0, -1)) holder = holder[segment] as Record<string, unknown>;
          holder[segments[segments.length - 1]] = mutation.validValue;
          const corrected = await create(fixed);
          expect(corrected.status).toBe(200);
          expect(invalidPointers(corrected.body['findings'])).toEqual([]);
        },
      );

      it("should book under every name the vendor gives the operations, and answer 404 for another role's path", async () => {
        const post = (path: string, body: unknown) => postJson(`${service.baseUrl}${path}`, body, { token });
        const businessKey = randomUUID();
        const german = await post('/erstellenProzessdaten', withBusinessKey(create55001(), businessKey));
        const structured = await post(`/prozessdaten/${lower}/create`, withBusinessKey(create55001(), businessKey));
        expect([german.status, german.body['replayed'], structured.status, structured.body['replayed']]).toEqual([
          200,
          false,
          200,
          true,
        ]);

        const update = (path: string) =>
          post(path, {
            stammdaten: {},
            transaktionsdaten: { pruefidentifikator: '55002', dokumentennummer: path },
            zusatzdaten: { businessKey: randomUUID(), targetBusinessKey: businessKey },
          });
        expect((await update('/aktualisierenProzessdaten')).body).toMatchObject({
          revision: 2,
          processBusinessKey: businessKey,
        });
        expect((await update(`/prozessdaten/${lower}/update`)).body).toMatchObject({
          revision: 3,
          processBusinessKey: businessKey,
        });

        const foreign = await post(`/prozessdaten/${otherRole.toLowerCase()}/create`, withBusinessKey(create55001()));
        expect(foreign.status).toBe(404);
        expect(
          (
            await sql(`SELECT 1 FROM refused_message WHERE path = $1`, [
              `/prozessdaten/${otherRole.toLowerCase()}/create`,
            ])
          ).length,
        ).toBe(0);
      });

      it('should accept the command of the operation and reject another one with 422', async () => {
        const ok = await create(withBusinessKey(create55001()), '?command=ERSTELLEN_PROZESSDATEN');
        const wrong = await create(withBusinessKey(create55001()), '?command=AKTUALISIEREN_PROZESSDATEN');

        expect(ok.status).toBe(200);
        expect(wrong.status).toBe(422);
        expect(wrong.body).toMatchObject({ code: 'REQUEST.COMMAND_MISMATCH' });
      });

      it.each(loadSamples({ role, operation: 'create' }).map((s) => [s.file, s.body] as const))(
        'should book the sample %s',
        async (_file, sample) => {
          const body = withBusinessKey(sample);
          const response = await create(body);
          expect(response.status).toBe(200);
          const [row] = await sql<{ body: unknown }>(
            `SELECT v.body FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1`,
            [(body['zusatzdaten'] as { businessKey: string }).businessKey],
          );
          expect(row.body).toEqual(body);
        },
      );
    });

    describe('POST /updateProcessData', () => {
      const bookedKey = async (): Promise<string> => {
        const body = withBusinessKey(create55001());
        expect((await create(body)).status).toBe(200);
        return (body['zusatzdaten'] as { businessKey: string }).businessKey;
      };
      const answer = (
        businessKey: string,
        marktlokation: Record<string, unknown>,
        dokumentennummer = randomUUID(),
      ) => ({
        stammdaten: {
          MARKTLOKATION: [
            { boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192', ...marktlokation },
          ],
        },
        transaktionsdaten: { pruefidentifikator: '55002', dokumentennummer, nachrichtendatum: '2024-04-02T08:00:00Z' },
        zusatzdaten: { businessKey },
      });

      it('should merge stammdaten into the current state and append revision 2', async () => {
        const businessKey = await bookedKey();
        const response = await update(
          answer(businessKey, { netzebene: 'NSP', lokationsadresse: { ort: 'Schwaikheim' } }),
        );

        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ businessKey, revision: 2, replayed: false });
        const [record] = await sql<{ current: StoredState; revision: number }>(
          `SELECT current, revision FROM process_state WHERE business_key = $1`,
          [businessKey],
        );
        expect(record.revision).toBe(2);
        expect(record.current.stammdaten['MARKTLOKATION']).toEqual([
          {
            boTyp: 'MARKTLOKATION',
            energierichtung: 'AUSSP',
            marktlokationsId: '50074561192',
            sparte: 'STROM',
            versionStruktur: '1',
            netzebene: 'NSP',
            lokationsadresse: { ort: 'Schwaikheim' },
          },
        ]);
        // Business objects the update does not mention stay as booked.
        expect(record.current.stammdaten['BILANZIERUNG'][0]['bilanzkreis']).toBe('Test2312312');
        expect(record.current.transaktionsdaten['pruefidentifikator']).toBe('55002');
        const revisions = await sql<{ revision: number; operation: string }>(
          `SELECT v.revision, v.operation FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1 ORDER BY 1`,
          [businessKey],
        );
        expect(revisions).toEqual([
          { revision: 1, operation: 'create' },
          { revision: 2, operation: 'update' },
        ]);
      });

      it('should book nothing twice when an update is replayed, even concurrently', async () => {
        const businessKey = await bookedKey();
        const body = answer(businessKey, { netzebene: 'MSP' });
        const responses = await Promise.all([update(body), update(body), update(body)]);

        expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
        expect(responses.filter((r) => r.body['replayed'] === false)).toHaveLength(1);
        expect(new Set(responses.map((r) => r.body['revision']))).toEqual(new Set([2]));
        const [{ revision }] = await sql<{ revision: number }>(
          `SELECT revision FROM process_record WHERE business_key = $1`,
          [businessKey],
        );
        expect(revision).toBe(2);
      });

      it('should recognise a replayed update whose keys come in another order', async () => {
        const businessKey = await bookedKey();
        const body = answer(businessKey, { netzebene: 'HSP', lokationsadresse: { ort: 'A', postleitzahl: '00000' } });

        expect((await update(body)).body).toMatchObject({ revision: 2, replayed: false });
        expect((await update(reverseKeys(body))).body).toMatchObject({ revision: 2, replayed: true });
      });

      it('should answer 422 when no process has the business key', async () => {
        const response = await update(answer(randomUUID(), {}));

        expect(response.status).toBe(422);
        expect(response.body).toMatchObject({
          code: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN',
          type: 'urn:maco:problem:business-key-unknown',
        });
        expect(response.body.errors).toEqual([{ pointer: '#/zusatzdaten/businessKey', message: expect.any(String) }]);
      });

      it('should keep every change when 20 updates of one record arrive at once', async () => {
        const businessKey = await bookedKey();
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) => update(answer(businessKey, { [`feld${i}`]: i }))),
        );

        expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
        expect(new Set(responses.map((r) => r.body['revision'])).size).toBe(20);
        const [record] = await sql<{
          current: { stammdaten: { MARKTLOKATION: Record<string, unknown>[] } };
          revision: number;
        }>(`SELECT current, revision FROM process_state WHERE business_key = $1`, [businessKey]);
        expect(record.revision).toBe(21);
        const [{ count }] = await sql<{ count: string }>(
          `SELECT count(*) FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1`,
          [businessKey],
        );
        expect(count).toBe('21');
        const marktlokation = record.current.stammdaten.MARKTLOKATION;
        expect(marktlokation).toHaveLength(1);
        for (let i = 0; i < 20; i++) expect(marktlokation[0][`feld${i}`]).toBe(i);
      });

      it.each(loadSamples({ role, operation: 'update' }).map((s) => [s.file, s.body] as const))(
        'should book the sample %s onto a booked process',
        async (_file, sample) => {
          const businessKey = await bookedKey();
          const response = await update(withBusinessKey(sample, businessKey));
          expect(response.status).toBe(200);
          expect(response.body).toMatchObject({ revision: 2 });
        },
      );
    });

    describe('releases', () => {
      const bookRelease = async (nachrichtendatum: string | undefined, header?: string) => {
        const body = withBusinessKey(create55001());
        const transaktionsdaten = body['transaktionsdaten'] as Record<string, unknown>;
        if (nachrichtendatum === undefined) delete transaktionsdaten['nachrichtendatum'];
        else transaktionsdaten['nachrichtendatum'] = nachrichtendatum;
        const response = await postJson(`${service.baseUrl}/createProcessData`, body, {
          token,
          headers: header === undefined ? {} : { 'x-format-version': header },
        });
        const businessKey = (body['zusatzdaten'] as { businessKey: string }).businessKey;
        const [row] = await sql<{ release: string }>(
          `SELECT v.release FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1`,
          [businessKey],
        );
        return { response, stored: row?.release };
      };

      it.each([
        ['2026-03-31T21:59:59Z', '10/25'],
        ['2026-03-31T22:00:00Z', '04/26'],
        ['2026-10-01T00:00:00+02:00', '10/26'],
      ])('should validate a message dated %s against release %s and record it', async (nachrichtendatum, release) => {
        const { response, stored } = await bookRelease(nachrichtendatum);
        expect(response.body).toMatchObject({ release });
        expect(stored).toBe(release);
      });

      it('should follow the X-Format-Version header over nachrichtendatum, in either spelling', async () => {
        expect((await bookRelease('2026-05-01T10:00:00Z', '10/25')).stored).toBe('10/25');
        expect((await bookRelease('2026-05-01T10:00:00Z', 'FV2610')).stored).toBe('10/26');
      });

      it('should fall back to the configured default without a usable nachrichtendatum', async () => {
        expect((await bookRelease(undefined)).stored).toBe('04/26');
        // Older than every release we know: no release was in force then.
        expect((await bookRelease('2024-04-01T10:57:00Z')).stored).toBe('04/26');
      });

      it('should answer 422 for a release it does not know, and book nothing', async () => {
        const { response, stored } = await bookRelease('2026-05-01T10:00:00Z', 'FV2704');
        expect(response.status).toBe(422);
        expect(response.body).toMatchObject({
          code: 'REQUEST.UNKNOWN_RELEASE',
          type: 'urn:maco:problem:unknown-release',
        });
        expect(stored).toBeUndefined();
      });
    });

    describe('authentication and request rules', () => {
      const body = () => withBusinessKey(create55001());

      it('should answer 200 on /health/live without a token', async () => {
        const response = await fetch(`${service.baseUrl}/health/live`);
        expect(response.status).toBe(200);
      });

      it.each([
        ['no token', undefined, 'A bearer token is required.'],
        [
          'a bad signature',
          mintTestToken({ secret: 'another-secret-that-is-long-enough-for-hs256-xx' }),
          'The bearer token is invalid.',
        ],
        ['an expired token', mintTestToken({ expiresInSeconds: -10 }), 'The bearer token has expired.'],
        ['a garbage token', 'not.a.jwt', 'The bearer token is invalid.'],
      ])('should answer 401 with a Bearer challenge for %s', async (_case, badToken, detail) => {
        const response = await postJson(`${service.baseUrl}/createProcessData`, body(), { token: badToken });

        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="maco"/);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.body).toMatchObject({ status: 401, detail, code: 'AUTH.UNAUTHENTICATED' });
      });

      it(`should answer 403 when the token is valid but only for ${otherRole}`, async () => {
        const response = await postJson(`${service.baseUrl}/createProcessData`, body(), {
          token: mintTestToken({ roles: [otherRole] }),
        });

        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ status: 403, code: 'AUTH.ROLE_NOT_PERMITTED' });
      });

      it('should answer 400 problem details for malformed JSON', async () => {
        const response = await postJson(`${service.baseUrl}/createProcessData`, null, {
          token,
          raw: '{"stammdaten": {',
        });

        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.body).toMatchObject({
          status: 400,
          code: 'REQUEST.MALFORMED_JSON',
          instance: '/createProcessData',
        });
      });

      it('should answer 413 when the body exceeds the configured limit', async () => {
        const big = body();
        (big['transaktionsdaten'] as Record<string, unknown>)['freitext'] = 'x'.repeat(70 * 1024);

        const response = await postJson(`${service.baseUrl}/createProcessData`, big, { token });

        expect(response.status).toBe(413);
        expect(response.body).toMatchObject({ status: 413, code: 'REQUEST.PAYLOAD_TOO_LARGE' });
      });

      it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
        'should answer 415 for content type %s',
        async (contentType) => {
          const response = await postJson(`${service.baseUrl}/createProcessData`, body(), { token, contentType });

          expect(response.status).toBe(415);
          expect(response.body).toMatchObject({ status: 415, code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE' });
        },
      );

      it("should echo the caller's request id in the header and the problem", async () => {
        const response = await fetch(`${service.baseUrl}/createProcessData`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-4711' },
          body: '{}',
        });

        expect(response.headers.get('x-request-id')).toBe('req-4711');
        expect(await response.json()).toMatchObject({ correlationId: 'req-4711' });
      });

      it('should answer 404 problem details for an unknown path without revealing internals', async () => {
        const response = await postJson(`${service.baseUrl}/deleteEverything`, {}, { token });

        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ status: 404, code: 'REQUEST.NOT_FOUND' });
      });
    });
  });
}

/** The same JSON value with every object's keys in reverse order. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, member]) => [key, reverseKeys(member)]),
    ) as T;
  }
  return value;
}
