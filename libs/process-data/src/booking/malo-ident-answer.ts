import { MALO_IDENT_ANSWER_PIS, type MarketRole } from '@maco/domain';
import type { ProblemError } from '@maco/platform';
import { processDataProblem } from '../process-data.problems';
import { pruefidentifikatorOf } from './process-data-envelope';
import { parsedBody } from './write-keys';

/** Whether an update body is a MaloIdent answer (LF only: PI 03002/03003, also inside a `data` wrapper). */
export function isMaloIdentAnswer(role: MarketRole, body: unknown): boolean {
  return role === 'LF' && MALO_IDENT_ANSWER_PIS.includes(String(pruefidentifikatorOf(unwrapData(body))));
}

/** The MaloIdent group's examples wrap the body in `data`; the rules apply to what is inside. */
export function unwrapData(body: unknown): unknown {
  return parsedBody(body) ?? body;
}

/** The receipt's message: the MaloIdent group's contract wants one. */
export function maloIdentMessage(replayed: boolean): string {
  return replayed ? 'MaloIdent answer was booked before' : 'MaloIdent answer booked';
}

/** The MaloIdent group's contract: any refusal is its 400, carrying `errorCode` (the problem it stands for) and `message`. */
export function maloIdentRefusal(error: ProblemError): ProblemError {
  return processDataProblem('MALO_IDENT.REFUSED', error.detail, {
    ...error.extensions,
    errorCode: error.code,
    message: error.detail,
  });
}
