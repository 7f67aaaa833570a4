import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MarketRole } from '@maco/domain';
import { type Page, readQuery, Route, SERVICE_ROLE } from '@maco/platform';
import type { FindingBucket, FindingSummary, FindingView } from '../operator-api';
import { OperatorReads } from '../operator-reads';
import { FindingsRepository } from './findings.repository';
import { FINDING_LIST_ROUTE, FINDING_SUMMARY_ROUTE } from './findings-routes';

const DAY_MS = 86_400_000;
const DEFAULT_SUMMARY_DAYS = 30;
/** At most this many buckets per summary: an hourly summary over years would count millions of rows per request. */
const MAX_BUCKETS: Record<FindingBucket, number> = { day: 400, hour: 24 * 62 };
const BUCKET_MS: Record<FindingBucket, number> = { day: DAY_MS, hour: DAY_MS / 24 };

/** `GET /findings/summary` (counts per bucket, PI, release, code) and `GET /findings` (the findings behind a count). */
@Controller()
export class FindingsController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly findings: FindingsRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Route(FINDING_SUMMARY_ROUTE)
  async summary(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<FindingSummary> {
    const reading = readQuery(FINDING_SUMMARY_ROUTE.query, query);
    const { bucket } = reading.values;
    const to = reading.values.to ?? new Date();
    const from = reading.values.from ?? new Date(to.getTime() - DEFAULT_SUMMARY_DAYS * DAY_MS);
    if (from >= to) reading.errors.push({ pointer: '#/to', message: 'must be after from' });
    else if (to.getTime() - from.getTime() > MAX_BUCKETS[bucket] * BUCKET_MS[bucket]) {
      reading.errors.push({
        pointer: '#/from',
        message: `must be at most ${MAX_BUCKETS[bucket]} ${bucket}s before to`,
      });
    }
    this.reads.checked('findings-summary', reading, request);
    const rows = await this.findings.summary(this.role, bucket, from, to);
    this.reads.answered('findings-summary', request, rows.length);
    return { from: from.toISOString(), to: to.toISOString(), bucket, rows };
  }

  @Route(FINDING_LIST_ROUTE)
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<Page<FindingView>> {
    const reading = readQuery(FINDING_LIST_ROUTE.query, query);
    const { limit, cursor: after, ...filter } = reading.values;
    if (filter.from && filter.to && filter.from >= filter.to)
      reading.errors.push({ pointer: '#/to', message: 'must be after from' });
    this.reads.checked('findings', reading, request);
    const page = await this.findings.page(this.role, filter, limit, after);
    this.reads.answered('findings', request, page.items.length, after !== undefined);
    return page;
  }
}
