import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorReadable } from '@maco/auth';
import { RELEASES, releaseInForceAt, type MarketRole } from '@maco/domain';
import { SERVICE_ROLE, type Page } from '@maco/platform';
import { QueryReader } from '../query/query-reader';
import { triggerEventCatalogue, type TriggerEventCatalogue } from '../triggers/trigger-event-catalogue';
import { TRIGGER_STATUSES, TriggerListRepository, type TriggerDeliveryView } from '../triggers/trigger-list.repository';
import { OperatorReads } from './operator-reads';

/**
 * `GET /triggers` (the outbox) and `GET /triggers/events` (what can be sent). Fastify routes by method and path, so
 * neither meets `POST /triggers/{eventname}` of the triggers group.
 */
@Controller('triggers')
export class TriggerListController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly triggers: TriggerListRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Get()
  @OperatorReadable()
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<Page<TriggerDeliveryView>> {
    const reader = new QueryReader(query);
    const status = reader.oneOf('status', TRIGGER_STATUSES) ?? 'pending';
    const limit = reader.limit();
    const after = reader.cursor(['timestamp', 'uuid'] as const);
    this.reads.checked('triggers', reader, request);
    const page = await this.triggers.page(this.role, status, limit, after);
    this.reads.answered('triggers', request, page.items.length, after !== undefined);
    return page;
  }

  @Get('events')
  @OperatorReadable()
  events(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): TriggerEventCatalogue {
    const reader = new QueryReader(query);
    // Before the first release took effect (a clock far back), its catalogue is the nearest there is.
    const release = reader.release('release') ?? releaseInForceAt(new Date()) ?? RELEASES[0].name;
    this.reads.checked('trigger-events', reader, request);
    const catalogue = triggerEventCatalogue(release, this.role);
    this.reads.answered('trigger-events', request, catalogue.events.length);
    return catalogue;
  }
}
