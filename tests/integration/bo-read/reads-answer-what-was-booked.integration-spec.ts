import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BO_READ_GROUP } from '@maco/bo-read';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { NB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  mintTestToken,
  postJson,
  samplesDir,
  type TestService,
  useServicesOnOneDatabase,
  vendorBody,
  withBusinessKey,
  workspaceRoot,
} from '@maco/testing';

type Bo = Record<string, unknown>;
type Read = { status: number; body: Record<string, unknown> & { stammdaten: Record<string, Bo[]> } };

const json = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { stammdaten: Record<string, Bo[]> };
const sample = (name: string) => json(join(samplesDir(), name));
const mock = (path: string) => json(join(workspaceRoot(), 'reference', 'maco-mocks', 'lesen', path));

/**
 * The reads answer what was booked (issue "The reads answer what was booked"), on real bodies: the LF 55001 sample,
 * the vendor's meter reading, its master-data answer document, bodies generated from its gas specs, and the mock's
 * parameters. The NB as it ships and a supplier's bookings and reads, on one database.
 */
describe('reads answer what was booked', () => {
  const tokens = { LF: mintTestToken({ roles: ['LF'] }), NB: mintTestToken({ roles: ['NB'] }) };
  let lf: TestService;
  let nb: TestService;
  const shared = useServicesOnOneDatabase({
    lf: composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, BO_READ_GROUP] }),
    nb: composeService(NB_SERVICE),
  });
  beforeAll(() => ({ lf, nb } = shared.services));

  const read = async (
    service: TestService,
    token: string,
    path: string,
    query: Record<string, string>,
  ): Promise<Read> => {
    const response = await fetch(`${service.baseUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Read['body'] };
  };
  const lfObjects = async (path: string, query: Record<string, string>, kind: string) => {
    const answer = await read(lf, tokens.LF, path, query);
    expect(answer.status).toBe(200);
    return answer.body.stammdaten[kind];
  };
  const book = async (operation: 'create' | 'update', body: Bo, service = lf, token = tokens.LF) => {
    const answer = await postJson(`${service.baseUrl}/${operation}ProcessData`, body, { token });
    expect(answer.status).toBe(200);
  };

  it('should read the contracts and the Bilanzierung of the booked LF 55001 by its MaLo, and an update’s new version after it', async () => {
    const body = withBusinessKey(sample('lf-create-55001.json'));
    await book('create', body);
    const malo = '50074561192';
    const at = { parameter1: malo, parameter3: '2025-06-01T00:00:00Z' };
    const { stammdaten } = body;
    expect(await lfObjects('/getGridUsageContractBasic', at, 'NETZNUTZUNGSVERTRAG')).toEqual(
      stammdaten['NETZNUTZUNGSVERTRAG'],
    );
    expect(await lfObjects('/getEnergySupplyContractBasic', at, 'ENERGIELIEFERVERTRAG')).toEqual(
      stammdaten['ENERGIELIEFERVERTRAG'],
    );
    expect(await lfObjects('/getAccountingBasic', { ...at, parameter2: 'MALO' }, 'BILANZIERUNG')).toEqual(
      stammdaten['BILANZIERUNG'],
    );
    // Before the grid-usage contract's start it is not in force.
    expect(
      await lfObjects(
        '/getGridUsageContractBasic',
        { ...at, parameter3: '2024-06-01T00:00:00Z' },
        'NETZNUTZUNGSVERTRAG',
      ),
    ).toEqual([]);

    // An update with another Bilanzierung (again without an id) supersedes it from the booking on, like any object.
    const bilanzierung = { ...stammdaten['BILANZIERUNG'][0], bilanzkreis: '11XOTHER-BK' };
    const businessKey = (body['zusatzdaten'] as { businessKey: string }).businessKey;
    await book('update', {
      stammdaten: { MARKTLOKATION: stammdaten['MARKTLOKATION'], BILANZIERUNG: [bilanzierung] },
      transaktionsdaten: { ...(body['transaktionsdaten'] as Bo), pruefidentifikator: '55002' },
      zusatzdaten: { businessKey: randomUUID(), targetBusinessKey: businessKey },
    });
    expect(
      await lfObjects('/getAccountingBasic', { ...at, parameter3: '2099-01-01T00:00:00Z' }, 'BILANZIERUNG'),
    ).toEqual([bilanzierung]);
    expect(await lfObjects('/getAccountingBasic', at, 'BILANZIERUNG')).toEqual(stammdaten['BILANZIERUNG']);
  });

  it('should read the vendor’s master-data document back together after importing it', async () => {
    const document = mock('getMaloidentMarketlocation/apidog/200.json');
    const imported = await postJson(`${nb.baseUrl}/masterData`, document, { token: tokens.NB });
    expect([imported.status, (imported.body as { refused: unknown[] }).refused]).toEqual([200, []]);
    const malo = document.stammdaten['MARKTLOKATION'][0]['marktlokationsId'] as string;
    const answer = await read(nb, tokens.NB, '/getMaloidentMarketlocation', {
      parameter1: malo,
      parameter3: '2026-08-02T22:00:00Z',
    });
    expect(answer.status).toBe(200);
    for (const [kind, objects] of Object.entries(document.stammdaten))
      expect([kind, answer.body.stammdaten[kind]]).toEqual([kind, objects]);
    // The same through the location reads: the id-less Bilanzierung and supply contract by the MaLo, the MaLo by its MeLo.
    const at = { parameter1: malo, parameter3: '2026-08-02T22:00:00Z' };
    expect((await read(nb, tokens.NB, '/getAccountingBasic', at)).body.stammdaten['BILANZIERUNG']).toEqual(
      document.stammdaten['BILANZIERUNG'],
    );
    expect(
      (await read(nb, tokens.NB, '/getEnergySupplyContractBasic', at)).body.stammdaten['ENERGIELIEFERVERTRAG'],
    ).toEqual(document.stammdaten['ENERGIELIEFERVERTRAG']);
  });

  it('should read a UTILTS formula (25001) by the location its transaktionsdaten name', async () => {
    const process = withBusinessKey(sample('lf-create-55001.json'));
    await book('create', process);
    const targetBusinessKey = (process['zusatzdaten'] as { businessKey: string }).businessKey;
    const formula = vendorBody('202604', '25001', 'maximal', { seed: 25_001, zusatzdaten: { targetBusinessKey } });
    await book('update', formula);
    const location = formula.transaktionsdaten['lokationsId'] as string;
    const objects = formula.stammdaten['BERECHNUNGSFORMEL'] as Bo[];
    expect(
      await lfObjects(
        '/getCalculationFormulaBasic',
        { parameter1: location, parameter3: '2026-06-01T00:00:00Z' },
        'BERECHNUNGSFORMEL',
      ),
    ).toEqual(objects);
  });

  describe('allocation authorisations per supplier and balancing group', () => {
    const supplier = '9979052000006';
    const ask = (query: Record<string, string>) =>
      read(nb, tokens.NB, '/getAllocationAuthorization', {
        parameter1: '50858721423',
        parameter2: supplier,
        parameter3: '2024-06-28T12:18:00Z',
        parameter4: '11XBK-GENERAL',
        ...query,
      });

    beforeAll(async () => {
      const imported = await postJson(
        `${nb.baseUrl}/masterData`,
        {
          stammdaten: {
            // Granted by the balancing-group manager for every MaLo the supplier registers in the group.
            ZUORDNUNGSERMAECHTIGUNG: [
              {
                boTyp: 'ZUORDNUNGSERMAECHTIGUNG',
                lieferant: { rollencodenummer: supplier },
                bilanzkreis: '11XBK-GENERAL',
                zeitreihentyp: 'SLS',
                gueltigkeitszeitraum: { startdatum: '2024-01-01T00:00:00Z', enddatum: '2025-01-01T00:00:00Z' },
                zusatzdaten: { erteiltVon: '9900000000003' },
              },
            ],
          },
        },
        { token: tokens.NB },
      );
      expect([imported.status, (imported.body as { refused: unknown[] }).refused]).toEqual([200, []]);
    });

    it('should answer yes for any MaLo of the supplier in the group while in force (the mock’s example parameters)', async () => {
      expect((await ask({ command: 'LESEN_PROZESSDATEN_ZUORDNUNGSERMAECHTIGUNG' })).body).toEqual({
        zusatzdaten: { erteiltVon: '9900000000003' },
        ermaechtigungVorhanden: true,
      });
      expect((await ask({ parameter1: '74018657187' })).body['ermaechtigungVorhanden']).toBe(true);
    });

    it('should answer no for another balancing group, another supplier, or outside its validity', async () => {
      expect((await ask({ parameter4: '11XBK-OTHER' })).body).toEqual({
        zusatzdaten: {},
        ermaechtigungVorhanden: false,
      });
      expect((await ask({ parameter2: '9900000000002' })).body['ermaechtigungVorhanden']).toBe(false);
      expect((await ask({ parameter3: '2025-06-28T12:18:00Z' })).body['ermaechtigungVorhanden']).toBe(false);
    });

    it('should keep one naming a MaLo to that MaLo', async () => {
      const imported = await postJson(
        `${nb.baseUrl}/masterData`,
        {
          stammdaten: {
            ZUORDNUNGSERMAECHTIGUNG: [
              { marktlokationsId: '41373559241', lieferant: { rollencodenummer: supplier }, bilanzkreis: '11XBK-OWN' },
            ],
          },
        },
        { token: tokens.NB },
      );
      expect(imported.status).toBe(200);
      expect((await ask({ parameter1: '41373559241', parameter4: '11XBK-OWN' })).body['ermaechtigungVorhanden']).toBe(
        true,
      );
      expect((await ask({ parameter4: '11XBK-OWN' })).body['ermaechtigungVorhanden']).toBe(false);
    });
  });

  describe('gas', () => {
    it('should find the locations of a gas meter number (parameter2=ZAEHLER) after a UTILMD Gas message', async () => {
      // The NB's own process of a supplier's gas registration (44001), generated from the vendor's spec.
      const body = vendorBody('202604', '44001', 'maximal', { seed: 44_001 });
      await book('create', body, nb, tokens.NB);
      const maloId = body.stammdaten['MARKTLOKATION'] as Bo[];
      const meters = body.stammdaten['ZAEHLER'] as Bo[];
      expect(meters.length).toBeGreaterThan(0);
      const meter = meters[0]['zaehlernummer'] as string;
      const at = { parameter3: '2026-06-01T00:00:00Z' };
      const byMeter = await read(nb, tokens.NB, '/getMarketlocationBasic', {
        parameter1: meter,
        parameter2: 'ZAEHLER',
        ...at,
      });
      expect(byMeter.status).toBe(200);
      expect(byMeter.body.stammdaten['MARKTLOKATION']).toEqual(maloId);
      expect(
        (await read(nb, tokens.NB, '/getCounterBasic', { parameter1: meter, parameter2: 'ZAEHLER', ...at })).body
          .stammdaten['ZAEHLER'],
      ).toEqual([meters[0]]);
      expect(
        (
          await read(nb, tokens.NB, '/getMarketlocationBasic', {
            parameter1: 'NO-SUCH-METER',
            parameter2: 'ZAEHLER',
            ...at,
          })
        ).body.stammdaten['MARKTLOKATION'],
      ).toEqual([]);
    });

    it('should answer gas meter readings (7-0:3.0.0) from getEnergyAmountMeterReading, and keep load values out', async () => {
      // The vendor's meter reading (13017) as a gas reading: OBIS medium 7, value group D = 0.
      const electric = withBusinessKey(sample('vendor/lf-create-13017-meter-reading.json'));
      const gas = structuredClone(electric);
      const amount = (gas.stammdaten['ENERGIEMENGE'] as Bo[])[0];
      amount['lokationsId'] = 'DE0073395252733953513649640799999';
      (amount['energieverbrauch'] as Bo[])[0]['obiskennzahl'] = '7-0:3.0.0';
      (gas.stammdaten['ZAEHLER'] as Bo[])[0]['sparte'] = 'GAS';
      (gas.transaktionsdaten as Bo)['sparte'] = 'GAS';
      await book('create', electric);
      await book('create', withBusinessKey(gas));
      const reading = (melo: string) =>
        lfObjects(
          '/getEnergyAmountMeterReading',
          { parameter1: melo, parameter2: 'MELO', parameter3: '2023-03-02T00:00:00Z' },
          'ENERGIEMENGE',
        );
      expect(await reading('DE0073395252733953513649640799999')).toEqual([amount]);
      expect(await reading('DE0073395252733953513649640711234')).toEqual(electric.stammdaten['ENERGIEMENGE']);
      const curve = (melo: string) =>
        lfObjects(
          '/getEnergyAmountLoadCurve',
          { parameter1: melo, parameter2: 'MELO', parameter3: '2023-03-02T00:00:00Z' },
          'ENERGIEMENGE',
        );
      expect(await curve('DE0073395252733953513649640799999')).toEqual([]);
      // And by the meter it was read from.
      expect(
        await lfObjects(
          '/getEnergyAmount',
          { parameter1: 'G12345678910', parameter2: 'ZAEHLER', parameter3: '2023-03-02T00:00:00Z' },
          'ENERGIEMENGE',
        ),
      ).toHaveLength(2);
    });
  });
});
