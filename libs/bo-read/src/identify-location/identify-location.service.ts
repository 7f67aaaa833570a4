import { Inject, Injectable } from '@nestjs/common';
import type { Dialect, MarketRole } from '@maco/domain';
import { type RequestFacts, SERVICE_CONFIG, SERVICE_ROLE, type ServiceConfig } from '@maco/platform';
import { BO_READ_LOG_FIELDS } from '../bo-read.log-fields';
import { boReadProblem } from '../bo-read.problems';
import { englishObjects } from '../dialect/english-answer';
import { BoReadMetrics } from '../metrics/bo-read-metrics';
import { checkIdentifyRequest, IDENTIFY_LOCATION_OPERATION, PAGING_ANSWER } from './identify-location';
import { type IdentifiedPage, IdentifyLocationRepository } from './identify-location.repository';

/** The answer of `POST /identifyLocation`: the JSON array as text and its paging headers. */
export interface IdentifyAnswer {
  body: string;
  headers: Record<string, string>;
}

/**
 * `POST /identifyLocation` (`IDENTIFIZIEREN_LOKATION_BASIS`): the role's locations in force now that match any
 * criterion of the body (German or English), as stored in the read model, one page ordered by location id, answered
 * in the service's dialect (`MACO_DIALECT`), not the request's.
 */
@Injectable()
export class IdentifyLocationService {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly objects: IdentifyLocationRepository,
    private readonly metrics: BoReadMetrics,
    @Inject(SERVICE_CONFIG) private readonly service: Pick<ServiceConfig, 'dialect'>,
  ) {}

  async identify(
    body: unknown,
    headers: Record<string, string | string[] | undefined>,
    command: unknown,
    facts?: RequestFacts,
  ): Promise<IdentifyAnswer> {
    BO_READ_LOG_FIELDS.note(facts, { readOperation: IDENTIFY_LOCATION_OPERATION });
    const check = checkIdentifyRequest(body, headers, command);
    if (!check.ok) {
      this.metrics.read(IDENTIFY_LOCATION_OPERATION, 'invalid');
      const count = check.errors.length;
      throw check.headers
        ? boReadProblem(
            'BO_READ.INVALID_PARAMETER',
            `${count} paging header${count === 1 ? '' : 's'} or parameter${count === 1 ? ' is' : 's are'} invalid.`,
            {
              errors: check.errors,
            },
          )
        : boReadProblem(
            'BO_READ.INVALID_CRITERIA',
            `${count} location criteri${count === 1 ? 'on is' : 'a are'} invalid.`,
            { errors: check.errors },
          );
    }
    const { criteria, limit, offset } = check.request;
    const page = await this.objects.identify({ role: this.role, criteria, at: new Date(), limit, offset });
    const { total, bodies } = page;
    BO_READ_LOG_FIELDS.note(facts, { objectCount: String(bodies.length), totalCount: String(total) });
    this.metrics.read(IDENTIFY_LOCATION_OPERATION, bodies.length > 0 ? 'found' : 'empty');
    return {
      body: pageAnswer(page, this.service.dialect),
      headers: {
        [PAGING_ANSWER.count]: String(bodies.length),
        [PAGING_ANSWER.total]: String(total),
        [PAGING_ANSWER.more]: String(offset + bodies.length < total),
        [PAGING_ANSWER.offset]: String(offset),
      },
    };
  }
}

/** The page as a JSON array: German as the stored texts joined (nothing parsed), English each object by its kind. */
export function pageAnswer({ bodies, kinds }: IdentifiedPage, dialect: Dialect): string {
  if (dialect === 'de') return `[${bodies.join(',')}]`;
  return JSON.stringify(bodies.map((body, index): unknown => englishObjects(kinds[index] ?? '', [body])[0]));
}
