import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ReleaseName } from '@maco/domain';
import { processSamples, readJson, SAMPLES_DIR } from '@maco/reference-samples';
import { catalogueEntry, type Finding, findingsFor, knownPi, rulesFor } from './findings';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const DATA_DIR = path.join(__dirname, '..', 'data');
const AHB_RELEASES: ReleaseName[] = ['10/25', '04/26'];

type Body = { stammdaten: Record<string, Record<string, unknown>[]>; transaktionsdaten: Record<string, unknown> };

/** The contract example as sent, with its wrong MaLo-ID check digit (50074561192, needs 0). */
function lfCreate55001AsSent(): Body {
  return readJson(path.join(SAMPLES_DIR, 'lf-create-55001.json')) as Body;
}

/** The contract example with its MaLo-ID corrected, so that only the AHB findings under test remain. */
function lfCreate55001(): Body {
  const body = lfCreate55001AsSent();
  body.stammdaten.MARKTLOKATION[0].marktlokationsId = '50074561190';
  return body;
}

describe('findingsFor', () => {
  describe('samples', () => {
    // Real messages only: the synthesized bodies deliberately leave out `kategorie` (its schema enum contradicts the
    // BGM codes real bodies carry, samples/synth/README.md), which BGM makes mandatory.
    const samples = processSamples().filter((sample) => !sample.name.startsWith('synth'));

    it('should find samples to check', () => {
      expect(samples.length).toBeGreaterThanOrEqual(20);
    });

    // Every missing field or violated condition the rules find in a real sample, each explained (see sample-findings.spec.ts
    // for all findings of all samples).
    const EXPLAINED_IN_REAL_SAMPLES = [
      // 55126's SG9 "Veranschlagte Jahresmenge gesamt" is `Muss [106]` ([106]: CCI+++ZA6 in this SG8, decided since the
      // UTILMD Gas entry of that text), QTY+31 DE6411 `X`; tf3 has Prognose auf Basis von Profilen and no QTY+31.
      'upstream/lf-create-55126-tf3.json: #/stammdaten/BILANZIERUNG/0/jahresverbrauchsprognose/einheit',
      // The test cases were written for the early-2025 format; from FV2510 on, 55078's AHB has SG6 RFF+Z60
      // ("Informativ zur Umsetzung geplantes Produktpaket") as `Muss` with DE1154 `X [914] ∧ [937]`.
      'upstream/lf-update-55078-tf1.json: #/transaktionsdaten/geplantesProduktpaket',
      'upstream/lf-update-55078-tf2.json: #/transaktionsdaten/geplantesProduktpaket',
    ];

    it.each(AHB_RELEASES)(
      'should find no unexplained missing field or violated condition in any sample under %s',
      (release) => {
        const found = samples.flatMap((sample) =>
          findingsFor(release, sample.role, sample.operation, sample.body)
            .filter((finding) => finding.code === 'missing-mandatory-field' || finding.code === 'condition-violated')
            .map((finding) => `${sample.name}: ${finding.pointer}`),
        );
        expect(found).toEqual(EXPLAINED_IN_REAL_SAMPLES);
      },
    );

    it('should check samples whose PI has rules', () => {
      const checked = samples.filter((sample) => {
        const pi = sample.body.transaktionsdaten as { pruefidentifikator?: string };
        return (rulesFor('04/26', pi.pruefidentifikator ?? '') ?? []).length > 0;
      });
      expect(checked.length).toBeGreaterThanOrEqual(15);
    });
  });

  describe('missing mandatory fields', () => {
    it('should report a removed vorgangsnummer (IDE+24) with its pointer and AHB source', () => {
      expect(rulesFor('04/26', '55001')?.map((rule) => rule.path)).toContain('transaktionsdaten.vorgangsnummer');
      const body = lfCreate55001();
      delete body.transaktionsdaten.vorgangsnummer;

      const findings = findingsFor('04/26', 'NB', 'create', body);

      expect(findings).toEqual([
        {
          code: 'missing-mandatory-field',
          pointer: '#/transaktionsdaten/vorgangsnummer',
          message: 'transaktionsdaten.vorgangsnummer is required by the AHB of 55001 (FV2604, SG4 IDE+24)',
        },
      ]);
    });

    it('should report a field removed deep in a stammdaten array with the element pointer', () => {
      const rule = 'stammdaten.ENERGIELIEFERVERTRAG[].enFG[].grundlageVerringerungUmlagen';
      expect(rulesFor('10/25', '55001')?.map((r) => r.path)).toContain(rule);
      const body = lfCreate55001();
      const enFG = body.stammdaten.ENERGIELIEFERVERTRAG[0].enFG as Record<string, unknown>[];
      enFG.push({ grundlageVerringerungUmlagen: null });

      const findings = findingsFor('10/25', 'NB', 'create', body);

      expect(findings.map(({ code, pointer }) => ({ code, pointer }))).toEqual([
        {
          code: 'missing-mandatory-field',
          pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/enFG/1/grundlageVerringerungUmlagen',
        },
      ]);
      expect(findings[0].message).toBe(`${rule} is required by the AHB of 55001 (FV2510, SG4 SG8 SG10 CCI+Z61)`);
    });

    it('should point at the array when a mandatory array is missing or empty', () => {
      const body = lfCreate55001();
      body.stammdaten.ENERGIELIEFERVERTRAG = [];

      expect(findingsFor('04/26', 'NB', 'create', body).map((finding) => finding.pointer)).toEqual([
        '#/stammdaten/ENERGIELIEFERVERTRAG',
      ]);
    });

    it('should treat null, empty strings and non-objects as absent and sort by pointer', () => {
      const body = lfCreate55001();
      body.transaktionsdaten.vorgangsnummer = '';
      body.transaktionsdaten.dokumentennummer = null;
      body.transaktionsdaten.absender = 'not an object';

      expect(findingsFor('04/26', 'NB', 'create', body).map((finding) => finding.pointer)).toEqual([
        '#/transaktionsdaten/absender/rollencodenummer',
        '#/transaktionsdaten/absender/rollencodetyp',
        '#/transaktionsdaten/dokumentennummer',
        '#/transaktionsdaten/vorgangsnummer',
      ]);
    });

    it.each([undefined, null, 'text', 42, [], {}, { transaktionsdaten: { pruefidentifikator: 55001 } }])(
      'should return no findings without a string PI and identifiers (%p)',
      (body) => {
        expect(findingsFor('04/26', 'LF', 'create', body)).toEqual([]);
      },
    );
  });

  describe('invalid identifiers', () => {
    it("should report the contract example's wrong MaLo-ID beside the AHB findings, sorted by pointer", () => {
      const body = lfCreate55001AsSent();
      delete body.transaktionsdaten.vorgangsnummer;

      expect(findingsFor('04/26', 'NB', 'create', body)).toEqual([
        {
          code: 'invalid-identifier',
          pointer: '#/stammdaten/MARKTLOKATION/0/marktlokationsId',
          check: 'malo-check-digit',
          // 55001's AHB: LOC+Z16 DE3225 `X [950]` (format MaLo-ID), so strict mode refuses it.
          binding: true,
          message: '50074561192 is not a valid MaLo-ID (malo-check-digit: expected 0)',
        },
        expect.objectContaining({ code: 'missing-mandatory-field', pointer: '#/transaktionsdaten/vorgangsnummer' }),
      ]);
    });

    it("should not call an identifier binding where the PI's AHB names no format condition for the place", () => {
      const body = lfCreate55001AsSent();
      const kunde = { marktlokationsId: '50074561192' };
      body.stammdaten['ENERGIELIEFERVERTRAG'] = [
        {
          ...(body.stammdaten['ENERGIELIEFERVERTRAG'] as object[])[0],
          lokationsId: kunde.marktlokationsId,
          lokationsTyp: 'MALO',
        },
      ];
      const findings = findingsFor('04/26', 'NB', 'create', body).filter(
        (finding) => finding.code === 'invalid-identifier',
      );
      expect(findings.map(({ pointer, binding }) => ({ pointer, binding }))).toEqual([
        { pointer: '#/stammdaten/ENERGIELIEFERVERTRAG/0/lokationsId', binding: undefined },
        { pointer: '#/stammdaten/MARKTLOKATION/0/marktlokationsId', binding: true },
      ]);
    });

    it('should report invalid identifiers also without a string PI', () => {
      const body = { stammdaten: { MARKTLOKATION: [{ marktlokationsId: '50754496000' }] }, transaktionsdaten: {} };
      expect(findingsFor('04/26', 'LF', 'create', body).map(({ code, check }) => ({ code, check }))).toEqual([
        { code: 'invalid-identifier', check: 'malo-check-digit' },
      ]);
    });
  });

  describe('catalogue', () => {
    it('should report 55001 on LF create as unlisted (only NB create lists it)', () => {
      expect(catalogueEntry('04/26', 'LF', 'create', '55001')).toBeUndefined();
      expect(catalogueEntry('04/26', 'NB', 'create', '55001')).toEqual({
        pruefidentifikator: '55001',
        meaning: 'Anmeldung verb. MaLo',
        direction: 'LF → NB',
        source: 'schema',
      });

      expect(findingsFor('04/26', 'LF', 'create', lfCreate55001())).toEqual([
        {
          code: 'unlisted-pi',
          pointer: '#/transaktionsdaten/pruefidentifikator',
          message: 'Prüfidentifikator 55001 (UTILMD) is not listed for LF create in release 04/26',
        },
      ]);
      expect(findingsFor('04/26', 'NB', 'create', lfCreate55001())).toEqual([]);
    });

    it('should report the APERAK PI 99999 on LF create as unlisted (known, listed on LF update only), with the MIG rules', () => {
      const body = lfCreate55001();
      body.transaktionsdaten.pruefidentifikator = '99999';

      expect(knownPi('10/25', '99999')?.messageType).toBe('APERAK');
      expect(findingsFor('10/25', 'LF', 'create', body).map((finding) => finding.code)).toEqual(['unlisted-pi']);
      expect(findingsFor('10/25', 'LF', 'update', body).map((finding) => finding.code)).toEqual([]);
      // APERAK's AHB names no PIs: the MIG's Muss/Required segments stand in (SG3 NAD+MS/MR).
      expect(rulesFor('10/25', '99999')?.map((field) => field.path)).toContain(
        'transaktionsdaten.empfaenger.rollencodenummer',
      );
      delete (body.transaktionsdaten.empfaenger as Record<string, unknown>)['rollencodenummer'];
      expect(findingsFor('10/25', 'LF', 'update', body).map((finding) => finding.pointer)).toEqual([
        '#/transaktionsdaten/empfaenger/rollencodenummer',
      ]);
    });

    it('should report a known but unlisted PI as unlisted-pi naming its message type', () => {
      const body = lfCreate55001();
      body.transaktionsdaten.pruefidentifikator = '13002';

      // A UTILMD body under an MSCONS PI also misses MSCONS fields; only the PI finding is asked about here.
      expect(
        findingsFor('04/26', 'NB', 'create', body).filter((finding) => finding.code !== 'missing-mandatory-field'),
      ).toEqual([
        {
          code: 'unlisted-pi',
          pointer: '#/transaktionsdaten/pruefidentifikator',
          message: 'Prüfidentifikator 13002 (MSCONS) is not listed for NB create in release 04/26',
        },
      ]);
    });

    it.each(['10/25', '04/26', '10/26'] as const)(
      'should report a PI the release does not know (99998) as unknown-pi in %s',
      (release) => {
        const body = lfCreate55001();
        body.transaktionsdaten.pruefidentifikator = '99998';

        expect(knownPi(release, '99998')).toBeUndefined();
        for (const role of ['LF', 'NB', 'MSB'] as const) {
          expect(findingsFor(release, role, 'update', body)).toEqual([
            {
              code: 'unknown-pi',
              pointer: '#/transaktionsdaten/pruefidentifikator',
              message: `Prüfidentifikator 99998 is not a Prüfidentifikator of release ${release}`,
            },
          ]);
        }
      },
    );

    it.each([
      ['NB', '55007', 'NB → LF'],
      ['NB', '55013', 'NB → LF'],
      ['MSB', '55641', 'MSB → NB'],
      ['LF', '17005', 'LF → MSB'],
    ] as const)('should list the PIs %s sends itself on its update (%s)', (role, pruefidentifikator, direction) => {
      const body = lfCreate55001();
      body.transaktionsdaten.pruefidentifikator = pruefidentifikator;

      expect(catalogueEntry('04/26', role, 'update', pruefidentifikator)).toEqual(
        expect.objectContaining({ direction, source: 'sender' }),
      );
      expect(catalogueEntry('04/26', role, 'create', pruefidentifikator)).toBeUndefined();
      const piFindings = (operation: 'create' | 'update') =>
        findingsFor('04/26', role, operation, body).filter(
          (finding) => finding.pointer === '#/transaktionsdaten/pruefidentifikator',
        );
      expect(piFindings('update')).toEqual([]);
      expect(piFindings('create')).toEqual([expect.objectContaining({ code: 'unlisted-pi' })]);
    });

    it('should keep the schema-listed PIs a role sends itself marked as schema (LF update 55001, NB update 55002)', () => {
      expect(catalogueEntry('04/26', 'LF', 'update', '55001')?.source).toBe('schema');
      expect(catalogueEntry('04/26', 'NB', 'update', '55002')).toEqual(
        expect.objectContaining({ direction: 'NB → LF', source: 'schema' }),
      );
    });

    it('should list the MaloIdent answers on LF update and 55644 once on MSB update', () => {
      expect(catalogueEntry('10/25', 'LF', 'update', '03002')).toBeDefined();
      expect(catalogueEntry('10/25', 'LF', 'update', '03003')).toBeDefined();
      expect(catalogueEntry('10/25', 'LF', 'create', '03002')).toBeUndefined();
      expect(catalogueEntry('04/26', 'MSB', 'update', '55644')?.direction).toBe('NB → MSB');
    });
  });

  describe('conditional AHB rules', () => {
    // 55017: `transaktionsdaten.endezumtermin` (DTM+471) is `Muss [18] ∧ [513] ∧ [704]` ([18] "Wenn SG4 DTM+93 (Ende zum) nicht vorhanden", [513]/[704] hints) with DE2380 `X [UB1]`.
    const answer55017 = () => readJson(path.join(SAMPLES_DIR, 'upstream', 'lf-update-55017-tf1.json')) as Body;
    const coded = (findings: Finding[]) =>
      findings.map(({ code, pointer, condition }) => ({ code, pointer, ...(condition ? { condition } : {}) }));

    it('should report a field the AHB makes mandatory under a condition the body fulfils', () => {
      const body = answer55017();
      delete body.transaktionsdaten.endezumtermin;
      const findings = findingsFor('04/26', 'LF', 'update', body);
      expect(coded(findings)).toContainEqual({
        code: 'missing-mandatory-field',
        pointer: '#/transaktionsdaten/endezumtermin',
      });
      expect(findings.find((finding) => finding.pointer === '#/transaktionsdaten/endezumtermin')?.message).toBe(
        'transaktionsdaten.endezumtermin is required by the AHB of 55017 (FV2604, SG4 DTM+471) under conditions this body fulfils',
      );
    });

    it('should not require the field where the body does not fulfil the condition', () => {
      const body = answer55017();
      delete body.transaktionsdaten.endezumtermin;
      body.transaktionsdaten.vertragsende = '2023-11-30T23:00:00Z'; // DTM+93 present: [18] not fulfilled
      expect(coded(findingsFor('04/26', 'LF', 'update', body))).not.toContainEqual(
        expect.objectContaining({ pointer: '#/transaktionsdaten/endezumtermin' }),
      );
    });

    it('should report a present value that fails a binding time condition, with the condition', () => {
      const body = answer55017();
      body.transaktionsdaten.endezumtermin = '2023-11-30T12:00:00Z'; // not midnight German time
      expect(coded(findingsFor('04/26', 'LF', 'update', body))).toContainEqual({
        code: 'condition-violated',
        pointer: '#/transaktionsdaten/endezumtermin',
        condition: '[UB1]',
      });
      body.transaktionsdaten.endezumtermin = '2023-11-30T23:00:00Z';
      expect(
        findingsFor('04/26', 'LF', 'update', body).filter((finding) => finding.code === 'condition-violated'),
      ).toEqual([]);
    });

    it('should need a field of an array below the object in one element, not in each (elements come from different segments)', () => {
      // 55628: SG8 SG10 CAV+Z91 (MSB) carries messstellenbetreiberEigenschaft; CAV+Z90 (ÜNB) lands in the same array.
      const body = readJson(path.join(SAMPLES_DIR, 'synth', 'msb-create-55628-synth.json')) as Body;
      const pointers = () =>
        findingsFor('04/26', 'MSB', 'create', body)
          .filter((finding) => finding.pointer.includes('messstellenbetreiberEigenschaft'))
          .map((finding) => finding.pointer);
      expect(pointers()).toEqual([]);
      for (const location of body.stammdaten.MARKTLOKATION) {
        for (const rolle of location['marktrollen'] as Record<string, unknown>[])
          delete rolle['messstellenbetreiberEigenschaft'];
      }
      expect(pointers()).toEqual([
        '#/stammdaten/MARKTLOKATION/0/marktrollen/0/messstellenbetreiberEigenschaft',
        '#/stammdaten/MARKTLOKATION/1/marktrollen/0/messstellenbetreiberEigenschaft',
      ]);
    });

    it('should compare a message date with the receipt only when the caller names it ([494])', () => {
      const body = answer55017();
      body.transaktionsdaten.nachrichtendatum = '2024-04-01T15:47:00Z';
      const receivedBefore = Date.parse('2024-04-01T12:00:00Z');
      expect(coded(findingsFor('04/26', 'LF', 'update', body, { receivedAt: receivedBefore }))).toContainEqual({
        code: 'condition-violated',
        pointer: '#/transaktionsdaten/nachrichtendatum',
        condition: '[494]',
      });
      expect(
        coded(findingsFor('04/26', 'LF', 'update', body, { receivedAt: Date.parse('2024-04-01T15:50:00Z') })),
      ).not.toContainEqual(expect.objectContaining({ condition: '[494]' }));
      expect(coded(findingsFor('04/26', 'LF', 'update', body))).not.toContainEqual(
        expect.objectContaining({ condition: '[494]' }),
      );
    });
  });

  describe('release 10/26', () => {
    it("should know every PI of FV2610's AHB index, and none FV2610 dropped", () => {
      // 55641 was missing from the vendor's early 202610 snapshot; FV2610 has it. 17003 is dropped in FV2610.
      expect(knownPi('10/26', '55641')).toMatchObject({ messageType: 'UTILMD', ahbVersion: expect.any(String) });
      expect(knownPi('10/26', '55693')).toMatchObject({ messageType: 'UTILMD', messageTypeFrom: 'ahb' });
      expect(knownPi('10/26', '17003')).toBeUndefined();
      const body = lfCreate55001();
      const codes = (release: ReleaseName, pi: string) => {
        body.transaktionsdaten.pruefidentifikator = pi;
        return findingsFor(release, 'LF', 'create', body).map((finding) => finding.code);
      };
      expect(codes('10/26', '55641')).not.toContain('unknown-pi');
      expect(codes('10/26', '17003')).toContain('unknown-pi');
      expect(codes('04/26', '17003')).not.toContain('unknown-pi');
    });

    it('should take the rules from FV2610 tables where they exist and say which table stood in elsewhere', () => {
      const body = lfCreate55001();
      delete body.transaktionsdaten.vorgangsnummer;
      expect(findingsFor('10/26', 'NB', 'create', body)).toContainEqual(
        expect.objectContaining({
          pointer: '#/transaktionsdaten/vorgangsnummer',
          message: expect.stringMatching(/\(FV2610, stand-in FV2604 AHB [\d.a-z]+, /),
        }),
      );
      // 55693 (new in FV2610) has its own table: its findings name FV2610 alone.
      body.transaktionsdaten.pruefidentifikator = '55693';
      delete (body.transaktionsdaten as { absender?: unknown }).absender;
      const own = findingsFor('10/26', 'NB', 'update', body).filter((f) => f.code === 'missing-mandatory-field');
      expect(own.map((f) => f.pointer)).toContain('#/transaktionsdaten/absender/rollencodenummer');
      expect(own.every((f) => /\(FV2610, /.test(f.message))).toBe(true);
      expect(rulesFor('10/26', '55693')?.length).toBeGreaterThan(0);
      expect(rulesFor('04/26', '55693')).toBeUndefined();
    });
  });
});

describe('generated release data', () => {
  it('should equal what tools/ahb-rules/generate.js produces from the reference now', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ahb-rules-'));
    try {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'tools', 'ahb-rules', 'generate.js'), '--out', out]);
      const generated = fs
        .readdirSync(out)
        .filter((file) => file.endsWith('.json'))
        .sort();
      expect(generated).toEqual([
        'ahb-rules-FV2510.json',
        'ahb-rules-FV2604.json',
        'ahb-rules-FV2610.json',
        'pi-catalogue.json',
      ]);
      for (const file of generated) {
        expect({ file, content: fs.readFileSync(path.join(DATA_DIR, file), 'utf8') }).toEqual({
          file,
          content: fs.readFileSync(path.join(out, file), 'utf8'),
        });
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
