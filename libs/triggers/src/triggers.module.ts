import { Module } from '@nestjs/common';
import { TriggerDeliverer } from './delivery/trigger-deliverer';
import { TriggerDeliveryWorker } from './delivery/trigger-delivery.worker';
import { TriggerMetrics } from './metrics/trigger-metrics';
import { MacoInboundClient } from './middleware/maco-inbound.client';
import { MacoTokenClient } from './middleware/maco-token.client';
import { TriggerOutboxRepository } from './outbox/trigger-outbox.repository';
import { TriggerProcessRepository } from './start/trigger-process.repository';
import { TriggersController } from './start/triggers.controller';
import { TriggersService } from './start/triggers.service';

/** `POST /triggers/{eventname}` for the role the service provides as SERVICE_ROLE, and the worker that retries. */
@Module({
  controllers: [TriggersController],
  providers: [
    TriggersService,
    TriggerDeliverer,
    TriggerDeliveryWorker,
    TriggerOutboxRepository,
    TriggerProcessRepository,
    MacoInboundClient,
    MacoTokenClient,
    TriggerMetrics,
  ],
})
export class TriggersModule {}
