import { Module } from '@nestjs/common';
import { BookingsController } from './bookings/bookings.controller';
import { BookingsRepository } from './bookings/bookings.repository';
import { DeadlineListController } from './deadlines/deadline-list.controller';
import { DeadlineListRepository } from './deadlines/deadline-list.repository';
import { DeadlineMetrics } from './deadlines/deadline-metrics';
import { DeadlineSweep } from './deadlines/deadline-sweep';
import { FindingsController } from './findings/findings.controller';
import { FindingsRepository } from './findings/findings.repository';
import { OperatorMetrics } from './metrics/operator-metrics';
import { OperatorReads } from './operator-reads';
import { ProcessListController } from './processes/process-list.controller';
import { ProcessListRepository } from './processes/process-list.repository';
import { SessionController } from './session/session.controller';
import { TriggerListController } from './triggers/trigger-list.controller';
import { TriggerListRepository } from './triggers/trigger-list.repository';

/**
 * The operator console's reads: session, process list, trigger outbox and catalogue, findings, answer deadlines (with
 * their sweep and metrics), booking counts.
 */
@Module({
  controllers: [
    SessionController,
    ProcessListController,
    TriggerListController,
    FindingsController,
    DeadlineListController,
    BookingsController,
  ],
  providers: [
    OperatorReads,
    OperatorMetrics,
    ProcessListRepository,
    TriggerListRepository,
    FindingsRepository,
    DeadlineListRepository,
    DeadlineMetrics,
    DeadlineSweep,
    BookingsRepository,
  ],
})
export class OperatorModule {}
