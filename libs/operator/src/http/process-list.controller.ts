import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorReadable } from '@maco/auth';
import { MALO_ID_PATTERN, type MarketRole } from '@maco/domain';
import { SERVICE_ROLE, type Page } from '@maco/platform';
import { PROCESS_STATUSES, ProcessListRepository, type ProcessSummary } from '../processes/process-list.repository';
import { FINDING_CODE, PROCESS_KEY, PRUEFIDENTIFIKATOR } from '../query/patterns';
import { QueryReader } from '../query/query-reader';
import { OperatorReads } from './operator-reads';

/** `GET /processes`: the booked processes of this role, newest first, filtered, a page at a time. */
@Controller('processes')
export class ProcessListController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly processes: ProcessListRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Get()
  @OperatorReadable()
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<Page<ProcessSummary>> {
    const reader = new QueryReader(query);
    const filter = {
      key: reader.text('key', PROCESS_KEY, '1 to 200 printable characters'),
      maloId: reader.text('maloId', MALO_ID_PATTERN, 'a MaLo-ID (11 digits)'),
      pruefidentifikator: reader.text('pruefidentifikator', PRUEFIDENTIFIKATOR, 'a Prüfidentifikator (5 digits)'),
      release: reader.release('release'),
      status: reader.oneOf('status', PROCESS_STATUSES),
      findings: reader.text('findings', FINDING_CODE, '"any" or a finding code such as missing-mandatory-field'),
      from: reader.dateTime('from'),
      to: reader.dateTime('to'),
    };
    const limit = reader.limit();
    const after = reader.cursor(['timestamp', 'text'] as const);
    if (filter.from && filter.to) reader.require(filter.from < filter.to, 'to', 'must be after from');
    this.reads.checked('processes', reader, request);
    const page = await this.processes.page(this.role, filter, limit, after);
    this.reads.answered('processes', request, page.items.length, after !== undefined);
    return page;
  }
}
