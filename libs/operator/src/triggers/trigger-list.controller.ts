import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type MarketRole, releaseInForceAt, RELEASES } from '@maco/domain';
import { type Page, readQuery, Route, SERVICE_ROLE } from '@maco/platform';
import type { TriggerDeliveryView, TriggerEventCatalogue } from '../operator-api';
import { OperatorReads } from '../operator-reads';
import { triggerEventCatalogue } from './trigger-event-catalogue';
import { TriggerListRepository } from './trigger-list.repository';
import { TRIGGER_EVENTS_ROUTE, TRIGGER_LIST_ROUTE } from './trigger-list-routes';

/**
 * `GET /triggers` (the outbox) and `GET /triggers/events` (what can be sent). Fastify routes by method and path, so
 * neither meets `POST /triggers/{eventname}` of the triggers group.
 */
@Controller()
export class TriggerListController {
  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly triggers: TriggerListRepository,
    private readonly reads: OperatorReads,
  ) {}

  @Route(TRIGGER_LIST_ROUTE)
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ): Promise<Page<TriggerDeliveryView>> {
    const reading = readQuery(TRIGGER_LIST_ROUTE.query, query);
    const { status, limit, cursor: after } = reading.values;
    this.reads.checked('triggers', reading, request);
    const page = await this.triggers.page(this.role, status, limit, after);
    this.reads.answered('triggers', request, page.items.length, after !== undefined);
    return page;
  }

  @Route(TRIGGER_EVENTS_ROUTE)
  events(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): TriggerEventCatalogue {
    const reading = readQuery(TRIGGER_EVENTS_ROUTE.query, query);
    // Before the first release took effect (a clock far back), its catalogue is the nearest there is.
    const release = reading.values.release ?? releaseInForceAt(new Date()) ?? RELEASES[0].name;
    this.reads.checked('trigger-events', reading, request);
    const catalogue = triggerEventCatalogue(release, this.role);
    this.reads.answered('trigger-events', request, catalogue.events.length);
    return catalogue;
  }
}
