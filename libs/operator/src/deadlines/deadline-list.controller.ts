import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MarketRole } from '@maco/domain';
import { type Page, readQuery, Route, SERVICE_ROLE } from '@maco/platform';
import type { DeadlineView } from '../operator-api';
import { OperatorReads } from '../operator-reads';
import { DeadlineListRepository } from './deadline-list.repository';
import { DEADLINE_LIST_ROUTE } from './deadline-list-route';

/** `GET /deadlines`: the answer deadlines of this role, soonest due first, filtered, a page at a time. */
@Controller()
export class DeadlineListController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly deadlines: DeadlineListRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Route(DEADLINE_LIST_ROUTE)
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<Page<DeadlineView>> {
    const reading = readQuery(DEADLINE_LIST_ROUTE.query, query);
    const { limit, cursor: after, ...filter } = reading.values;
    this.reads.checked('deadlines', reading, request);
    const page = await this.deadlines.page(this.role, filter, limit, after);
    this.reads.answered('deadlines', request, page.items.length, after !== undefined);
    return page;
  }
}
