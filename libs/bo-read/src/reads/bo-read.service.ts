import { Inject, Injectable } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { type RequestFacts, SERVICE_ROLE } from '@maco/platform';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { BO_READ_CONFIG, type BoReadConfig, type ReadAnswerShape } from '../bo-read.config';
import { BO_READ_LOG_FIELDS } from '../bo-read.log-fields';
import { boReadProblem } from '../bo-read.problems';
import { BoReadMetrics } from '../metrics/bo-read-metrics';
import { checkReadRequest } from './read-parameters';
import type { ReadRoute } from './read-routes';

/**
 * Answers a read from the role's read model: `{"stammdaten": {"KIND": [ … ]}}` (or the bare list, `READ_ANSWER_SHAPE`),
 * the objects as booked or imported, or for `getAllocationAuthorization` `{zusatzdaten, ermaechtigungVorhanden}`.
 */
@Injectable()
export class BoReadService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly objects: BusinessObjectReadRepository,
    private readonly metrics: BoReadMetrics,
    @Inject(BO_READ_CONFIG) private readonly config: BoReadConfig,
  ) {}

  /** The answer as JSON text: the stored objects are put in as they come from the database, never re-serialised. */
  async read(route: ReadRoute, query: Record<string, unknown>, facts?: RequestFacts): Promise<string> {
    BO_READ_LOG_FIELDS.note(facts, { readOperation: route.operationId });
    const check = checkReadRequest(route, query);
    if (!check.ok) {
      this.metrics.read(route.operationId, 'invalid');
      throw boReadProblem(
        'BO_READ.INVALID_PARAMETER',
        `${check.errors.length} query parameter${check.errors.length === 1 ? '' : 's'} of ${route.operationId} ${check.errors.length === 1 ? 'is' : 'are'} invalid or missing.`,
        { errors: check.errors },
      );
    }
    const { request } = check;
    BO_READ_LOG_FIELDS.note(facts, { locationType: request.locationTypes[0], locationId: request.id });
    const bodies = await this.objects.find({
      role: this.role,
      kind: route.kind,
      keys: request.keys,
      from: request.from,
      to: request.to,
      match: request.match,
    });
    BO_READ_LOG_FIELDS.note(facts, { objectCount: String(bodies.length) });
    this.metrics.read(route.operationId, bodies.length > 0 ? 'found' : 'empty');
    if (route.answer === 'authorization') return authorizationAnswer(bodies[0]);
    return objectsAnswer(this.config.answerShape, route.answerKind ?? route.kind, bodies);
  }
}

/** The objects (JSON texts as stored) in the deployment's answer shape, built as text: nothing is parsed again. */
export function objectsAnswer(shape: ReadAnswerShape, kind: string, bodies: readonly string[]): string {
  const list = `[${bodies.join(',')}]`;
  return shape === 'array' ? list : `{"stammdaten":{${JSON.stringify(kind)}:${list}}}`;
}

/**
 * `getAllocationAuthorization`: whether an authorisation of the supplier for the MaLo is in force at the move-in date,
 * with the authorisation's own `zusatzdaten` (an object) when it has them.
 */
function authorizationAnswer(body: string | undefined): string {
  const zusatzdaten = body === undefined ? undefined : (JSON.parse(body) as { zusatzdaten?: unknown }).zusatzdaten;
  const extra =
    typeof zusatzdaten === 'object' && zusatzdaten !== null && !Array.isArray(zusatzdaten) ? zusatzdaten : {};
  return JSON.stringify({ zusatzdaten: extra, ermaechtigungVorhanden: body !== undefined });
}
