import { Inject, Injectable } from '@nestjs/common';
import { type Dialect, isPlainObject, type MarketRole } from '@maco/domain';
import { type RequestFacts, SERVICE_CONFIG, SERVICE_ROLE, type ServiceConfig } from '@maco/platform';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { BO_READ_CONFIG, type BoReadConfig, type ReadAnswerShape } from '../bo-read.config';
import { BO_READ_LOG_FIELDS } from '../bo-read.log-fields';
import { boReadProblem } from '../bo-read.problems';
import { englishAuthorization, englishObjects, englishStammdaten } from '../dialect/english-answer';
import { BoReadMetrics } from '../metrics/bo-read-metrics';
import { checkReadRequest } from './read-parameters';
import type { ReadRoute } from './read-routes';

/**
 * Answers a read from the role's read model: `{"stammdaten": {"KIND": [ … ]}}` (or the bare list, `READ_ANSWER_SHAPE`),
 * the objects as booked or imported, or for `getAllocationAuthorization` `{zusatzdaten, ermaechtigungVorhanden}`; in
 * English (`MACO_DIALECT=en`) the same translated from the canonical German form the store holds.
 */
@Injectable()
export class BoReadService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly objects: BusinessObjectReadRepository,
    private readonly metrics: BoReadMetrics,
    @Inject(BO_READ_CONFIG) private readonly config: BoReadConfig,
    @Inject(SERVICE_CONFIG) private readonly service: Pick<ServiceConfig, 'dialect'>,
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
    const { dialect } = this.service;
    if (route.answer === 'authorization') return authorizationAnswer(bodies[0], dialect);
    return objectsAnswer(this.config.answerShape, route.answerKind ?? route.kind, bodies, dialect);
  }
}

/**
 * The objects (JSON texts as stored) in the deployment's answer shape and dialect. German is built as text: nothing is
 * parsed again, so the answer is the stored text itself. English has to be parsed to be translated.
 */
export function objectsAnswer(
  shape: ReadAnswerShape,
  kind: string,
  bodies: readonly string[],
  dialect: Dialect = 'de',
): string {
  if (dialect === 'en')
    return JSON.stringify(shape === 'array' ? englishObjects(kind, bodies) : englishStammdaten(kind, bodies));
  const list = `[${bodies.join(',')}]`;
  return shape === 'array' ? list : `{"stammdaten":{${JSON.stringify(kind)}:${list}}}`;
}

/**
 * `getAllocationAuthorization`: whether an authorisation of the supplier for the MaLo is in force at the move-in date,
 * with the authorisation's own `zusatzdaten` (an object) when it has them.
 */
function authorizationAnswer(body: string | undefined, dialect: Dialect): string {
  const zusatzdaten = body === undefined ? undefined : (JSON.parse(body) as { zusatzdaten?: unknown }).zusatzdaten;
  const extra = isPlainObject(zusatzdaten) ? zusatzdaten : {};
  const present = body !== undefined;
  return JSON.stringify(
    dialect === 'en' ? englishAuthorization(extra, present) : { zusatzdaten: extra, ermaechtigungVorhanden: present },
  );
}
