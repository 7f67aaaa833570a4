import { Module } from '@nestjs/common';
import { FindingsRepository } from './findings/findings.repository';
import { FindingsController } from './http/findings.controller';
import { OperatorReads } from './http/operator-reads';
import { ProcessListController } from './http/process-list.controller';
import { SessionController } from './http/session.controller';
import { TriggerListController } from './http/trigger-list.controller';
import { OperatorMetrics } from './metrics/operator-metrics';
import { ProcessListRepository } from './processes/process-list.repository';
import { TriggerListRepository } from './triggers/trigger-list.repository';

/** The operator console's reads: session, process list, trigger outbox and catalogue, findings. */
@Module({
  controllers: [SessionController, ProcessListController, TriggerListController, FindingsController],
  providers: [OperatorReads, OperatorMetrics, ProcessListRepository, TriggerListRepository, FindingsRepository],
})
export class OperatorModule {}
