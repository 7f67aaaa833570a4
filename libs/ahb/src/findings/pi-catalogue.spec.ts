import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReleaseName } from '@maco/domain';
import { REFERENCE_DIR } from '@maco/reference-samples';
import CATALOGUE_DATA from '../data/pi-catalogue.json';
import { type CatalogueEntry, catalogueEntry, type KnownPi, knownPi } from './findings';

/**
 * The catalogue's known PIs against its sources, read here independently of tools/ahb-rules/generate.js: the AHB
 * index, the vendor's per-PI specification folders, and the direction rule of the self-sent PIs.
 */
interface IndexEntry {
  pruefidentifikator: string;
  description: string;
  direction: string;
}
const INDEX = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, 'ahb', 'INDEX.json'), 'utf8')) as {
  by_version: Record<string, IndexEntry[]>;
};
const CATALOGUE = CATALOGUE_DATA as unknown as {
  releases: Record<
    string,
    { known: Record<string, KnownPi>; pruefidentifikatoren: Record<string, Record<string, CatalogueEntry[]>> }
  >;
};
const ROLES = ['LF', 'NB', 'MSB'] as const;
/** PIs only the request schemas name (CONTRL, the MaloIdent answers): known in every release. */
const SCHEMA_ONLY = ['03002', '03003', '88888'];

/** PI → message folder of the vendor's specifications. */
function vendorPis(folder: string): Map<string, string> {
  const root = path.join(REFERENCE_DIR, 'maco-api-doc-resources', 'pruefi', folder);
  const pis = new Map<string, string>();
  for (const message of fs.readdirSync(root)) {
    for (const file of fs.readdirSync(path.join(root, message))) {
      const pi = /^PI_(\d{5})\.yaml$/.exec(file)?.[1];
      if (pi) pis.set(pi, message);
    }
  }
  return pis;
}

function knownOf(release: ReleaseName): Record<string, KnownPi> {
  return CATALOGUE.releases[release].known;
}

describe('PI catalogue: known PIs', () => {
  describe.each([
    ['10/25', 'FV2510', '202510'],
    ['04/26', 'FV2604', '202604'],
  ] as const)('%s', (release, formatVersion, folder) => {
    const index = INDEX.by_version[formatVersion];
    const vendor = vendorPis(folder);

    it('should know every PI of the AHB index with its meaning and direction', () => {
      expect(index.length).toBeGreaterThan(480);
      for (const entry of index) {
        expect({ pi: entry.pruefidentifikator, ...knownPi(release, entry.pruefidentifikator) }).toEqual(
          expect.objectContaining({
            pi: entry.pruefidentifikator,
            meaning: entry.description,
            direction: entry.direction,
          }),
        );
      }
    });

    it("should know every PI of the vendor's folder, as the folder's message type", () => {
      expect(vendor.size).toBeGreaterThan(280);
      for (const [pi, message] of vendor)
        expect({ pi, type: knownPi(release, pi)?.messageType }).toEqual({ pi, type: message });
    });

    it('should know nothing else than index, vendor and the schema-only PIs', () => {
      const expected = new Set([...index.map((entry) => entry.pruefidentifikator), ...vendor.keys(), ...SCHEMA_ONLY]);
      expect(Object.keys(knownOf(release)).sort()).toEqual([...expected].sort());
    });

    it('should know every PI a role lists', () => {
      for (const operations of Object.values(CATALOGUE.releases[release].pruefidentifikatoren)) {
        for (const entries of Object.values(operations))
          for (const entry of entries) expect(knownPi(release, entry.pruefidentifikator)).toBeDefined();
      }
    });

    it("should give the BDEW ranges' message types (55 UTILMD Strom, 44 UTILMD Gas, 13 MSCONS, 17 ORDERS)", () => {
      const ranges: Record<string, string> = { '55': 'UTILMD', '44': 'UTILMD_GAS', '13': 'MSCONS', '17': 'ORDERS' };
      for (const [pi, entry] of Object.entries(knownOf(release))) {
        const type = ranges[pi.slice(0, 2)];
        if (type) expect({ pi, type: entry.messageType }).toEqual({ pi, type });
      }
    });
  });

  describe('10/26', () => {
    const FV2610 = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, 'ahb', 'INDEX-FV2610.json'), 'utf8')) as {
      pis: (IndexEntry & { versionsnummer: string; veroeffentlichungsdatum: string })[];
    };

    it("should know exactly FV2610's PIs (the AHB index) and the interface's own ones", () => {
      expect(FV2610.pis).toHaveLength(487);
      const outsideAhb = Object.keys(knownOf('10/26')).filter(
        (pi) => !FV2610.pis.some((e) => e.pruefidentifikator === pi),
      );
      expect(outsideAhb.sort()).toEqual([...SCHEMA_ONLY, '66666', '99999'].sort());
      for (const entry of FV2610.pis)
        expect(knownOf('10/26')[entry.pruefidentifikator]).toMatchObject({
          meaning: entry.description,
          direction: entry.direction,
          ahbVersion: entry.versionsnummer,
          publishedOn: entry.veroeffentlichungsdatum,
        });
    });

    it('should not know the PIs FV2610 dropped, and list none of them for any role', () => {
      const dropped = [
        '17003',
        '17114',
        '19115',
        '21015',
        '21024',
        '21026',
        '44110',
        '44129',
        '44130',
        '44132',
        '44172',
      ];
      for (const pi of dropped) {
        expect(knownOf('04/26')[pi]).toBeDefined();
        expect(knownOf('10/26')[pi]).toBeUndefined();
      }
      const listed = Object.values(CATALOGUE.releases['10/26'].pruefidentifikatoren).flatMap((operations) =>
        Object.values(operations).flatMap((entries) => entries.map((entry) => entry.pruefidentifikator)),
      );
      expect(listed.filter((pi) => dropped.includes(pi))).toEqual([]);
    });
  });
});

describe('PI catalogue: self-sent PIs on update', () => {
  const releases: ReleaseName[] = ['10/25', '04/26', '10/26'];

  it.each(releases)(
    'should list on each role\'s update every PI of %s whose direction is only "<role> → …"',
    (release) => {
      for (const role of ROLES) {
        const plain = Object.entries(knownOf(release)).filter(([, entry]) =>
          new RegExp(`^${role} → [^,]+$`).test(entry.direction),
        );
        expect(plain.length).toBeGreaterThan(10);
        for (const [pi] of plain)
          expect({ role, pi, listed: catalogueEntry(release, role, 'update', pi) !== undefined }).toEqual({
            role,
            pi,
            listed: true,
          });
      }
    },
  );

  it.each(releases)(
    'should add sender entries in %s only on update, each naming the role (or its old/new variant) as a sender',
    (release) => {
      const variants: Record<string, RegExp> = {
        LF: /(^|, )LF[AN]? /,
        NB: /(^|, )(anf)?NB[AN]? /,
        MSB: /(^|, )(g|weitere[rn] )?MSB[AN]? /,
      };
      for (const role of ROLES) {
        const listed =
          CATALOGUE.releases[release].pruefidentifikatoren[role] ??
          CATALOGUE.releases['04/26'].pruefidentifikatoren[role];
        expect(listed['create']?.filter((entry) => entry.source === 'sender') ?? []).toEqual([]);
        for (const entry of (listed['update'] ?? []).filter((e) => e.source === 'sender'))
          expect(entry.direction).toMatch(variants[role]);
      }
    },
  );

  it('should not list PIs of other senders (ÜNB, BIKO) or without a sender (MSCONS) as self-sent', () => {
    // 13002: "verschiedene Marktrollen"; LF's schema lists it, the others do not send it by the rule.
    expect(ROLES.map((role) => catalogueEntry('04/26', role, 'update', '13002')?.source)).toEqual([
      'schema',
      undefined,
      undefined,
    ]);
    const byOthers = Object.entries(knownOf('04/26')).filter(([, entry]) =>
      /^(ÜNB|BIKO) → [^,]+$/.test(entry.direction),
    );
    expect(byOthers.length).toBeGreaterThan(5);
    for (const [pi] of byOthers)
      for (const role of ROLES) expect(catalogueEntry('04/26', role, 'update', pi)?.source).not.toBe('sender');
  });
});
