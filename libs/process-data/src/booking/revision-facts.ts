import type { MarketRole } from '@maco/domain';
import type { UpdateFacts } from '@maco/process-store';
import type { AcceptedBody } from './body-acceptance';
import type { BookingContext } from './booking-context';
import { deadlineFacts } from './deadline-facts';

/** What every revision records, create or update. */
export function revisionFacts(
  role: MarketRole,
  businessKey: string,
  bodyJson: string,
  { envelope, release, findings, dialect }: AcceptedBody,
  context: BookingContext,
): UpdateFacts {
  const pruefidentifikator = envelope.transaktionsdaten['pruefidentifikator'];
  return {
    role,
    businessKey,
    pruefidentifikator: typeof pruefidentifikator === 'string' ? pruefidentifikator : null,
    release,
    findingsJson: JSON.stringify(findings),
    bodyJson,
    tokenSubject: context.tokenSubject ?? null,
    requestId: context.requestId,
    targetBusinessKey: envelope.zusatzdaten?.targetBusinessKey ?? null,
    dialect,
    ...deadlineFacts(role, envelope),
  };
}
