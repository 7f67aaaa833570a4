import { Module } from '@nestjs/common';
import { FindingsController } from './findings/findings.controller';
import { FindingsRepository } from './findings/findings.repository';
import { OperatorMetrics } from './metrics/operator-metrics';
import { OperatorReads } from './operator-reads';
import { ProcessListController } from './processes/process-list.controller';
import { ProcessListRepository } from './processes/process-list.repository';
import { SessionController } from './session/session.controller';
import { TriggerListController } from './triggers/trigger-list.controller';
import { TriggerListRepository } from './triggers/trigger-list.repository';

/** The operator console's reads: session, process list, trigger outbox and catalogue, findings. */
@Module({
  controllers: [SessionController, ProcessListController, TriggerListController, FindingsController],
  providers: [OperatorReads, OperatorMetrics, ProcessListRepository, TriggerListRepository, FindingsRepository],
})
export class OperatorModule {}
