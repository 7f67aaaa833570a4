import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorReadable } from '@maco/auth';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE, type Page } from '@maco/platform';
import { FINDING_BUCKETS, FindingsRepository, type FindingBucket, type FindingCountRow, type FindingView } from '../findings/findings.repository';
import { FINDING_CODE, PRUEFIDENTIFIKATOR } from '../query/patterns';
import { QueryReader } from '../query/query-reader';
import { OperatorReads } from './operator-reads';

const DAY_MS = 86_400_000;
const DEFAULT_SUMMARY_DAYS = 30;
/** At most this many buckets per summary: an hourly summary over years would count millions of rows per request. */
const MAX_BUCKETS: Record<FindingBucket, number> = { day: 400, hour: 24 * 62 };
const BUCKET_MS: Record<FindingBucket, number> = { day: DAY_MS, hour: DAY_MS / 24 };

export interface FindingSummary {
  from: string;
  to: string;
  bucket: FindingBucket;
  rows: FindingCountRow[];
}

/** `GET /findings/summary` (counts per bucket, PI, release, code) and `GET /findings` (the findings behind a count). */
@Controller('findings')
export class FindingsController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly findings: FindingsRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Get('summary')
  @OperatorReadable()
  async summary(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<FindingSummary> {
    const reader = new QueryReader(query);
    const bucket = reader.oneOf('bucket', FINDING_BUCKETS) ?? 'day';
    const to = reader.dateTime('to') ?? new Date();
    const from = reader.dateTime('from') ?? new Date(to.getTime() - DEFAULT_SUMMARY_DAYS * DAY_MS);
    reader.require(from < to, 'to', 'must be after from');
    reader.require(to.getTime() - from.getTime() <= MAX_BUCKETS[bucket] * BUCKET_MS[bucket], 'from', `must be at most ${MAX_BUCKETS[bucket]} ${bucket}s before to`);
    this.reads.checked('findings-summary', reader, request);
    const rows = await this.findings.summary(this.role, bucket, from, to);
    this.reads.answered('findings-summary', request, rows.length);
    return { from: from.toISOString(), to: to.toISOString(), bucket, rows };
  }

  @Get()
  @OperatorReadable()
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<Page<FindingView>> {
    const reader = new QueryReader(query);
    const filter = {
      code: reader.text('code', FINDING_CODE, 'a finding code such as missing-mandatory-field'),
      pruefidentifikator: reader.text('pruefidentifikator', PRUEFIDENTIFIKATOR, 'a Prüfidentifikator (5 digits)'),
      release: reader.release('release'),
      from: reader.dateTime('from'),
      to: reader.dateTime('to'),
    };
    const limit = reader.limit();
    const after = reader.cursor(['timestamp', 'uuid', 'integer', 'integer'] as const);
    if (filter.from && filter.to) reader.require(filter.from < filter.to, 'to', 'must be after from');
    this.reads.checked('findings', reader, request);
    const page = await this.findings.page(this.role, filter, limit, after);
    this.reads.answered('findings', request, page.items.length, after !== undefined);
    return page;
  }
}
