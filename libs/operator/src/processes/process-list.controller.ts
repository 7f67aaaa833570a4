import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MarketRole } from '@maco/domain';
import { type Page, readQuery, Route, SERVICE_ROLE } from '@maco/platform';
import type { ProcessSummary } from '../operator-api';
import { OperatorReads } from '../operator-reads';
import { ProcessListRepository } from './process-list.repository';
import { PROCESS_LIST_ROUTE } from './process-list-route';

/** `GET /processes`: the booked processes of this role, newest first, filtered, a page at a time. */
@Controller()
export class ProcessListController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly processes: ProcessListRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Route(PROCESS_LIST_ROUTE)
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<Page<ProcessSummary>> {
    const reading = readQuery(PROCESS_LIST_ROUTE.query, query);
    const { limit, cursor: after, ...filter } = reading.values;
    if (filter.from && filter.to && filter.from >= filter.to)
      reading.errors.push({ pointer: '#/to', message: 'must be after from' });
    this.reads.checked('processes', reading, request);
    const page = await this.processes.page(this.role, filter, limit, after);
    this.reads.answered('processes', request, page.items.length, after !== undefined);
    return page;
  }
}
