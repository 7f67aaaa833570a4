import { parseRelease, releaseInForceAt, type ReleaseName, RELEASES } from '@maco/domain';
import { processDataProblem } from '../process-data.problems';
import { FORMAT_VERSION_HEADER } from './booking-context';
import type { ProcessDataEnvelope } from './process-data-envelope';

/** The header's release, else the one in force at `nachrichtendatum`, else the deployment's default. */
export function releaseOf(envelope: ProcessDataEnvelope, header: unknown, defaultRelease: ReleaseName): ReleaseName {
  if (header !== undefined) {
    const named = typeof header === 'string' ? parseRelease(header) : undefined;
    if (!named) {
      throw processDataProblem(
        'REQUEST.UNKNOWN_RELEASE',
        `The ${FORMAT_VERSION_HEADER} header must name a release: ${RELEASES.map((r) => `${r.name} or ${r.formatVersion}`).join(', ')}.`,
      );
    }
    return named;
  }
  const nachrichtendatum = envelope.transaktionsdaten['nachrichtendatum'];
  const sent = typeof nachrichtendatum === 'string' ? new Date(nachrichtendatum) : undefined;
  return (sent && !Number.isNaN(sent.getTime()) ? releaseInForceAt(sent) : undefined) ?? defaultRelease;
}
