import { findingsFor } from '@maco/ahb';
import { type ReleaseName } from '@maco/domain';
import { vendorBody, type VendorFormatVersion, vendorSpecs } from './vendor-bodies';

/**
 * No false alarms from the AHB rules of any message type: a body with every field the vendor's document of its PI
 * names (the maximal body) misses no field the rules demand. A rule naming a path the vendor's middleware never fills
 * (a misspelt CSV mapping, a field its dialect lacks) would otherwise fire on every real message of the PI.
 */
const RELEASES: [VendorFormatVersion, ReleaseName][] = [
  ['202510', '10/25'],
  ['202604', '04/26'],
  ['202610', '10/26'],
];

describe('AHB findings on the vendor’s maximal bodies', () => {
  it.each(RELEASES)('should find no missing mandatory field in any maximal body of %s', (formatVersion, release) => {
    const missing: string[] = [];
    let bodies = 0;
    for (const [pruefidentifikator, spec] of vendorSpecs(formatVersion)) {
      const body = vendorBody(formatVersion, pruefidentifikator, 'maximal', { seed: 27 });
      bodies++;
      for (const finding of findingsFor(release, 'LF', 'update', body)) {
        if (finding.code === 'missing-mandatory-field')
          missing.push(`${spec.message} ${pruefidentifikator} ${finding.pointer}`);
      }
    }
    expect(bodies).toBeGreaterThan(90);
    expect(missing).toEqual([]);
  });

  it("should find the sender's and the receiver's MP-ID missing from every 04/26 maximal body (NAD+MS/NAD+MR Muss)", () => {
    const unnoticed: string[] = [];
    let probes = 0;
    for (const [pruefidentifikator, spec] of vendorSpecs('202604')) {
      for (const party of ['absender', 'empfaenger']) {
        const body = vendorBody('202604', pruefidentifikator, 'maximal', { seed: 27 });
        delete (body.transaktionsdaten[party] as Record<string, unknown> | undefined)?.['rollencodenummer'];
        probes++;
        const pointer = `#/transaktionsdaten/${party}/rollencodenummer`;
        const found = findingsFor('04/26', 'LF', 'update', body).some(
          (finding) => finding.code === 'missing-mandatory-field' && finding.pointer === pointer,
        );
        if (!found) unnoticed.push(`${spec.message} ${pruefidentifikator} ${party}`);
      }
    }
    expect(probes).toBe(732);
    expect(unnoticed).toEqual([]);
  });

  it('should still find what a minimal body lacks where the AHB demands more than the vendor requires', () => {
    // 44039: the AHB makes the end date (DTM+93) mandatory; the vendor's required list does not name it.
    const body = vendorBody('202604', '44039', 'minimal', { seed: 27 });
    const pointers = findingsFor('04/26', 'LF', 'update', body).flatMap((finding) =>
      finding.code === 'missing-mandatory-field' ? [finding.pointer] : [],
    );
    expect(pointers).toContain('#/transaktionsdaten/endezumtermin');
  });
});
