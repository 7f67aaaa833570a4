import {
  answerReferencesOf,
  deadlineOf,
  deadlineRulesAnsweredBy,
  deadlineRulesStartedBy,
  type MarketRole,
  requestNumbersOf,
} from '@maco/domain';
import type { DeadlineAnswer, NewDeadline } from '@maco/process-store';
import type { ProcessDataEnvelope } from './process-data-envelope';

/**
 * The deadlines a booking starts (its PI, and `kategorie` where the rule names one, is a request of a rule of the role)
 * and the ones it answers (its PI answers one), timed by the message's `nachrichtendatum`, else by its receipt. Nothing
 * for every other PI.
 */
export function deadlineFacts(
  role: MarketRole,
  envelope: ProcessDataEnvelope,
  receivedAt: Date = new Date(),
): { deadlines?: NewDeadline[]; answers?: DeadlineAnswer } {
  const pruefidentifikator = envelope.transaktionsdaten['pruefidentifikator'];
  if (typeof pruefidentifikator !== 'string') return {};
  const kategorie = envelope.transaktionsdaten['kategorie'];
  const started = deadlineRulesStartedBy(
    role,
    pruefidentifikator,
    typeof kategorie === 'string' ? kategorie : undefined,
  );
  const answered = deadlineRulesAnsweredBy(role, pruefidentifikator);
  if (started.length === 0 && answered.length === 0) return {};
  const transmittedAt = transmissionOf(envelope.transaktionsdaten['nachrichtendatum'], receivedAt);
  const facts: { deadlines?: NewDeadline[]; answers?: DeadlineAnswer } = {};
  if (started.length > 0) {
    const requestReferences = requestNumbersOf(envelope.transaktionsdaten);
    const deadlines = started.flatMap((rule) => {
      // A due counted from a date the request lacks starts nothing: the AHB check reports the missing date.
      const deadline = deadlineOf(rule, transmittedAt, envelope);
      if (!deadline) return [];
      return {
        rule: deadline.rule,
        transmittedAt: transmittedAt.toISOString(),
        due: deadline.due.toISOString(),
        ...(requestReferences && { requestReferences }),
      };
    });
    if (deadlines.length > 0) facts.deadlines = deadlines;
  }
  if (answered.length > 0) {
    const references = answerReferencesOf(envelope.transaktionsdaten);
    facts.answers = {
      rules: answered.map(({ rule }) => rule),
      pruefidentifikator,
      at: transmittedAt.toISOString(),
      ...(references && { references }),
    };
  }
  return facts;
}

/** The message's own time when it carries a usable one (the release choice reads it the same way). */
function transmissionOf(nachrichtendatum: unknown, receivedAt: Date): Date {
  const sent = typeof nachrichtendatum === 'string' ? new Date(nachrichtendatum) : undefined;
  return sent !== undefined && !Number.isNaN(sent.getTime()) ? sent : receivedAt;
}
