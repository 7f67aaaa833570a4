import type { ReleaseName } from '@maco/domain';
import { processSamples } from '@maco/reference-samples';
import { findingsFor } from './findings';

/**
 * Every sample (real and synthetic) booked under each release, with all its findings: a reviewed snapshot. Reviewed:
 * - invalid-identifier: the contract's and test cases' MaLo-IDs have wrong check digits (identifier-findings.spec.ts);
 *   `binding` where the PI's AHB names [950] for the place (LOC+Z16 DE3225 `X [950]`).
 * - unlisted-pi: 55001 is in NB's create list only; the page example is also posted as LF and MSB.
 * - missing-mandatory-field on real samples: 55078's `geplantesProduktpaket` (SG6 RFF+Z60, `Muss` from FV2510 on; the
 *   test cases predate it); 55126-tf3's `jahresverbrauchsprognose.einheit`: SG9 QTY+31 (Veranschlagte Jahresmenge gesamt)
 *   is `Muss [106]` in 55126 and 55628, [106] "CCI+++ZA6 in dieser SG8 SEQ+Z01" (decided since the UTILMD Gas entry of
 *   that text), QTY DE6411 `X`; the sample has prognosegrundlage PROFILE and no QTY+31. On synthetic samples: `kategorie`
 *   (left out on purpose, samples/synth/README.md), and 55628-synth's `jahresverbrauchsprognose.einheit` (as 55126-tf3).
 * - condition-violated: none on any sample.
 * - the vendor's bodies (`samples/vendor/`, MSCONS 13017 and UTILMD): no missing-mandatory-field under the rules of every
 *   message type; invalid-identifier for the test data's MaLo-IDs (55035).
 */
const RELEASES: ReleaseName[] = ['10/25', '04/26', '10/26'];
const RECEIVED_AT = Date.parse('2026-11-22T12:00:00Z');

describe('findings of every sample', () => {
  it.each(RELEASES)('should match the reviewed findings under %s', (release) => {
    const lines = processSamples({ vendor: true }).flatMap((sample) =>
      findingsFor(release, sample.role, sample.operation, sample.body, { receivedAt: RECEIVED_AT }).map((finding) =>
        [
          sample.name,
          finding.code,
          finding.pointer,
          finding.check ?? finding.condition ?? '',
          finding.binding ? 'binding' : '',
        ]
          .join(' ')
          .trim(),
      ),
    );
    expect(lines).toMatchSnapshot();
  });
});
