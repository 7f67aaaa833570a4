import { randomInt } from 'node:crypto';
import { BO_READ_GROUP } from '@maco/bo-read';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import { mintTestToken, postJson, type TestService, useServicesOnOneDatabase } from '@maco/testing';

type Bo = Record<string, unknown>;

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/**
 * The reads beyond the location kinds, on imported master data (the LF service as it ships): calculation formulas,
 * Avis, communication data, price sheets, energy amounts (all, load curve, meter reading, OBIS), the three definitions,
 * and the assignment authorisation.
 */
describe('BO4E reads of the other kinds (bo-read group) on imported master data', () => {
  const tokens = { LF: mintTestToken({ roles: ['LF'] }), NB: mintTestToken({ roles: ['NB'] }) };
  let lf: TestService;
  let nb: TestService;

  const importMasterData = async (stammdaten: Record<string, Bo[]>, service = lf, token = tokens.LF) => {
    const answer = await postJson(`${service.baseUrl}/masterData`, { stammdaten }, { token });
    expect([answer.status, (answer.body as { refused: unknown[] }).refused]).toEqual([200, []]);
  };
  const read = async (path: string, query: Record<string, string>, service = lf, token = tokens.LF) => {
    const response = await fetch(`${service.baseUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { stammdaten: Record<string, unknown[]> },
    };
  };
  const objects = async (path: string, query: Record<string, string>, kind: string) => {
    const answer = await read(path, query);
    expect(answer.status).toBe(200);
    return answer.body.stammdaten[kind];
  };

  // The LF service as it ships and an NB service with the read group, on one database.
  const shared = useServicesOnOneDatabase({
    lf: composeService(LF_SERVICE),
    nb: composeService({ role: 'NB', groups: [BO_READ_GROUP] }),
  });
  beforeAll(() => ({ lf, nb } = shared.services));

  it('should read a calculation formula by its MaLo and by a MeLo of its steps, in its validity only', async () => {
    const malo = `5${digits(10)}`;
    const melo = `DE${digits(31)}`;
    const formula = {
      boTyp: 'BERECHNUNGSFORMEL',
      versionStruktur: '1',
      gueltigkeitszeitraum: { startdatum: '2025-02-28T23:00:00Z' },
      rechenschritte: [{ operation: 'ADDITION', messlokationsId: melo, marktlokationsId: malo }],
      lokationsId: malo,
      lokationsTyp: 'MALO',
      berechnungsformel: 'MaLo1 = MeLo1',
    };
    await importMasterData({ BERECHNUNGSFORMEL: [formula] });
    expect(
      await objects(
        '/getCalculationFormulaBasic',
        { parameter1: malo, parameter2: 'MALO', parameter3: '2025-06-01T00:00:00Z' },
        'BERECHNUNGSFORMEL',
      ),
    ).toEqual([formula]);
    expect(
      await objects(
        '/getCalculationFormulaBasic',
        { parameter1: melo, parameter3: '2025-06-01T00:00:00Z' },
        'BERECHNUNGSFORMEL',
      ),
    ).toEqual([formula]);
    expect(
      await objects(
        '/getCalculationFormulaBasic',
        { parameter1: malo, parameter3: '2025-01-01T00:00:00Z' },
        'BERECHNUNGSFORMEL',
      ),
    ).toEqual([]);
  });

  it('should read an Avis by its number (latest version) and communication data by ILN at a key date', async () => {
    const number = `AV-${digits(8)}`;
    const avis = {
      boTyp: 'AVIS',
      versionStruktur: '1',
      avisNummer: number,
      avisTyp: 'ABGELEHNTE_FORDERUNG',
      zuZahlen: { wert: 0, waehrung: 'EUR' },
    };
    await importMasterData({ AVIS: [avis] });
    await importMasterData({ AVIS: [{ ...avis, zuZahlen: { wert: 12.5, waehrung: 'EUR' } }] });
    expect(await objects('/getAvisBasic', { parameter1: number, command: 'SAP_LESEN_AVIS_BASIS' }, 'AVIS')).toEqual([
      { ...avis, zuZahlen: { wert: 12.5, waehrung: 'EUR' } },
    ]);
    expect(await objects('/getAvisBasic', { parameter1: 'AV-unknown' }, 'AVIS')).toEqual([]);

    const iln = `99${digits(11)}`;
    const before = {
      boTyp: 'KOMMUNIKATIONSDATEN',
      gueltigkeit: '2024-01-01T00:00:00Z',
      marktteilnehmer: { rollencodenummer: iln, name1: 'Alt' },
    };
    const after = {
      boTyp: 'KOMMUNIKATIONSDATEN',
      gueltigkeit: '2024-06-30T22:00:00Z',
      marktteilnehmer: { rollencodenummer: iln, name1: 'Neu' },
    };
    await importMasterData({ KOMMUNIKATIONSDATEN: [before] });
    await importMasterData({ KOMMUNIKATIONSDATEN: [after] });
    expect(
      await objects(
        '/getCommunicationDataBasic',
        { parameter1: iln, parameter2: '2024-03-01T00:00:00Z' },
        'KOMMUNIKATIONSDATEN',
      ),
    ).toEqual([before]);
    expect(
      await objects(
        '/getCommunicationDataBasic',
        { parameter1: iln, parameter2: '2024-08-01T00:00:00Z' },
        'KOMMUNIKATIONSDATEN',
      ),
    ).toEqual([after]);
  });

  it('should read price sheets of a location, or all of the role in force without one', async () => {
    const malo = `5${digits(10)}`;
    const name = `Preisblatt ${digits(6)}`;
    const general = {
      boTyp: 'PREISBLATT',
      bezeichnung: name,
      gueltigkeit: { startdatum: '2030-01-01T00:00:00Z', enddatum: '2031-01-01T00:00:00Z' },
    };
    const located = {
      boTyp: 'PREISBLATT',
      bezeichnung: `${name} MaLo`,
      lokationsId: malo,
      lokationsTyp: 'MALO',
      gueltigkeit: { startdatum: '2030-01-01T00:00:00Z' },
    };
    await importMasterData({ PREISBLATT: [general, located] });
    expect(
      await objects('/getPriceSheetBasic', { parameter1: malo, parameter3: '2030-06-01T00:00:00Z' }, 'PREISBLATT'),
    ).toEqual([located]);
    const all = await objects('/getPriceSheetBasic', { parameter3: '2030-06-01T00:00:00Z' }, 'PREISBLATT');
    expect(all).toEqual(expect.arrayContaining([general, located]));
    expect(
      await objects('/getPriceSheetBasic', { parameter3: '2031-06-01T00:00:00Z' }, 'PREISBLATT'),
    ).not.toContainEqual(general);
  });

  it('should read energy amounts: all, load curves and meter readings apart, by OBIS and flags, over a period', async () => {
    const melo = `DE${digits(31)}`;
    const amount = (obis: string, start: string, end: string, extra: Bo = {}) => ({
      boTyp: 'ENERGIEMENGE',
      lokationsId: melo,
      lokationsTyp: 'MELO',
      startdatum: start,
      enddatum: end,
      energieverbrauch: [{ startdatum: start, enddatum: end, obiskennzahl: obis, wert: 5, einheit: 'KWH' }],
      ...extra,
    });
    const reading = amount('1-1:1.8.0', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z');
    const curve = amount('1-1:1.29.0', '2024-01-15T00:00:00Z', '2024-01-15T00:15:00Z', { abrechnungsrelevant: true });
    const unrelated = amount('1-1:1.29.0', '2024-03-01T00:00:00Z', '2024-03-01T00:15:00Z');
    await importMasterData({ ENERGIEMENGE: [reading, curve, unrelated] });
    const january = { parameter1: melo, parameter3: '2024-01-01T00:00:00Z', parameter4: '2024-01-31T23:59:59Z' };
    expect(await objects('/getEnergyAmount', january, 'ENERGIEMENGE')).toEqual([reading, curve]);
    expect(await objects('/getEnergyAmountMeterReading', january, 'ENERGIEMENGE')).toEqual([reading]);
    expect(
      await objects(
        '/getEnergyAmountLoadCurve',
        { ...january, parameter6: 'true', parameter7: 'null' },
        'ENERGIEMENGE',
      ),
    ).toEqual([curve]);
    expect(await objects('/getEnergyAmountLoadCurve', { ...january, parameter6: 'false' }, 'ENERGIEMENGE')).toEqual([]);
    expect(await objects('/getEnergyAmount', { ...january, parameter5: '1-1:1.29.0' }, 'ENERGIEMENGE')).toEqual([
      curve,
    ]);
  });

  it('should read the three definitions by any of their codes', async () => {
    const code = `SZ${digits(6)}`;
    const switching = {
      boTyp: 'SCHALTZEITDEFINITION',
      schaltzeiten: [
        { konfigurationsprodukt: '9991000000044', code },
        { konfigurationsprodukt: '9991000000044', code: `${code}B` },
      ],
    };
    const power = {
      boTyp: 'LEISTUNGSKURVENDEFINITION',
      leistungskurven: [{ konfigurationsprodukt: '9991000000052', code: `LK${code}` }],
    };
    const counting = {
      boTyp: 'ZAEHLZEITDEFINITION',
      beginndatum: '2024-01-01T00:00:00Z',
      zaehlzeiten: [{ code: `ZZ${code}` }],
    };
    await importMasterData({
      SCHALTZEITDEFINITION: [switching],
      LEISTUNGSKURVENDEFINITION: [power],
      ZAEHLZEITDEFINITION: [counting],
    });
    const at = { parameter3: '2024-06-01T00:00:00Z' };
    expect(await objects('/getDefinitionSwitch', { parameter1: `${code}B`, ...at }, 'SCHALTZEITDEFINITION')).toEqual([
      switching,
    ]);
    expect(
      await objects('/getDefinitionPerformance', { parameter1: `LK${code}`, ...at }, 'LEISTUNGSKURVENDEFINITION'),
    ).toEqual([power]);
    expect(await objects('/getDefinitionCounting', { parameter1: `ZZ${code}`, ...at }, 'ZAEHLZEITDEFINITION')).toEqual([
      counting,
    ]);
    expect(
      await objects(
        '/getDefinitionCounting',
        { parameter1: `ZZ${code}`, parameter3: '2023-06-01T00:00:00Z' },
        'ZAEHLZEITDEFINITION',
      ),
    ).toEqual([]);
  });

  it('should answer whether an assignment authorisation is in force for the MaLo, supplier and balancing group', async () => {
    const malo = `5${digits(10)}`;
    const supplier = `99${digits(11)}`;
    await importMasterData({
      ZUORDNUNGSERMAECHTIGUNG: [
        {
          boTyp: 'ZUORDNUNGSERMAECHTIGUNG',
          marktlokationsId: malo,
          lieferant: { rollencodenummer: supplier },
          bilanzkreis: '11XBK-A',
          gueltigkeitszeitraum: { startdatum: '2024-01-01T00:00:00Z', enddatum: '2025-01-01T00:00:00Z' },
          zusatzdaten: { vollmachtVom: '2023-12-01' },
        },
      ],
    });
    const ask = (query: Record<string, string>) =>
      read('/getAllocationAuthorization', {
        parameter1: malo,
        parameter2: supplier,
        parameter3: '2024-06-28T12:18:00Z',
        ...query,
      });
    expect((await ask({ parameter4: '11XBK-A', command: 'LESEN_PROZESSDATEN_ZUORDNUNGERMAECHTIGUNG' })).body).toEqual({
      zusatzdaten: { vollmachtVom: '2023-12-01' },
      ermaechtigungVorhanden: true,
    });
    expect((await ask({})).body).toEqual({ zusatzdaten: { vollmachtVom: '2023-12-01' }, ermaechtigungVorhanden: true });
    expect((await ask({ parameter4: '11XBK-B' })).body).toEqual({ zusatzdaten: {}, ermaechtigungVorhanden: false });
    expect((await ask({ parameter2: '9900000000002' })).body).toEqual({
      zusatzdaten: {},
      ermaechtigungVorhanden: false,
    });
    expect((await ask({ parameter3: '2025-06-28T12:18:00Z' })).body).toEqual({
      zusatzdaten: {},
      ermaechtigungVorhanden: false,
    });
    const missing = await read('/getAllocationAuthorization', { parameter1: malo, parameter3: 'tomorrow' });
    expect([missing.status, missing.body['code']]).toEqual([400, 'BO_READ.INVALID_PARAMETER']);
  });

  it('should keep each role’s objects to itself', async () => {
    const number = `AV-${digits(8)}`;
    await importMasterData({ AVIS: [{ boTyp: 'AVIS', avisNummer: number }] });
    const other = await read('/getAvisBasic', { parameter1: number }, nb, tokens.NB);
    expect([other.status, other.body.stammdaten['AVIS']]).toEqual([200, []]);
  });
});
