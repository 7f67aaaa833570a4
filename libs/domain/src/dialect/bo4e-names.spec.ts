import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BO4E_DE_TO_EN, BO4E_EN_TO_DE, BO4E_NOT_REVERSIBLE, type Bo4eNameTable } from './index';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const GENERATOR = path.join(REPO_ROOT, 'tools', 'bo4e-translation', 'generate.js');
const GENERATED = path.join(__dirname, 'bo4e-names.generated.ts');

describe('generated BO4E name tables', () => {
  it('should equal what tools/bo4e-translation/generate.js produces from reference/bo4e-translation now', () => {
    const now = execFileSync(process.execPath, [GENERATOR, '--print'], { encoding: 'utf8' });
    expect(fs.readFileSync(GENERATED, 'utf8')).toEqual(now);
  });

  it("should hold every entry of the vendor's map (2,541 in 16 sections)", () => {
    const sizes = Object.values(BO4E_DE_TO_EN).map((table) => Object.keys(table).length);
    expect([sizes.length, sizes.reduce((sum, size) => sum + size, 0)]).toEqual([16, 2541]);
  });

  it('should translate names as the map says, exact-match', () => {
    expect(BO4E_DE_TO_EN.eventname_enum_values.START_ABMELDEANFRAGE).toBe('START_DEREGISTRATION_REQUEST');
    expect(BO4E_DE_TO_EN.object_property_names.marktlokationsId).toBe('marketLocationId');
    expect(BO4E_DE_TO_EN.stammdaten_properties.MARKTLOKATION).toBe('MARKET_LOCATION');
    expect(BO4E_DE_TO_EN.object_names.Stammdaten).toBe('MasterData');
    expect(BO4E_DE_TO_EN.processdata_properties.zusatzdaten).toBe('additionalData');
    expect(BO4E_DE_TO_EN.enumeration_case_values['KUNDE-SELBST-NN']).toBe('CUSTOMER_SELF_NN');
    expect(BO4E_EN_TO_DE.stammdaten_properties.MARKET_LOCATION).toBe('MARKTLOKATION');
    const fields: Readonly<Record<string, string>> = BO4E_DE_TO_EN.object_property_names;
    expect(fields['MarktlokationsId']).toBeUndefined();
  });

  it('should find no English name with two German ones in a table (the map is documented as reversible)', () => {
    expect(BO4E_NOT_REVERSIBLE).toEqual([]);
  });

  it('should round-trip every table that has no entry listed as not reversible', () => {
    const irreversible = new Set(BO4E_NOT_REVERSIBLE.map(({ table }) => table));
    const tables = (Object.keys(BO4E_DE_TO_EN) as Bo4eNameTable[]).filter((table) => !irreversible.has(table));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const forward: Readonly<Record<string, string>> = BO4E_DE_TO_EN[table];
      const reverse: Readonly<Record<string, string>> = BO4E_EN_TO_DE[table];
      expect({ table, size: Object.keys(reverse).length }).toEqual({ table, size: Object.keys(forward).length });
      for (const [german, english] of Object.entries(forward)) expect(reverse[english]).toBe(german);
    }
  });
});
