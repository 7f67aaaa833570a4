import type { FastifyRequest } from 'fastify';

/**
 * A write that could be neither booked nor kept anywhere: its connection is closed without an answer. The middleware
 * retries transport failures (up to three times) but never a 4xx/5xx, so a closed connection gives the message more
 * chances than a 503 would (docs/reliability.md, "When nothing can take a write").
 */
export class AnswerWithheld extends Error {
  override readonly name = 'AnswerWithheld';
}

/** Closes the request's connection at once; the problem-details filter sends nothing for an {@link AnswerWithheld}. */
export function withholdAnswer(request: FastifyRequest, reason: string): AnswerWithheld {
  request.raw.socket?.destroy();
  return new AnswerWithheld(reason);
}
