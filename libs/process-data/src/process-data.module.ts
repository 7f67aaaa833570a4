import { Module } from '@nestjs/common';
import { ProcessRecordRepository } from '@maco/process-store';
import { ProcessDataController } from './booking/process-data.controller';
import { ProcessDataService } from './booking/process-data.service';
import { BookingMetrics } from './metrics/booking-metrics';
import { ProcessReadController } from './process-read/process-read.controller';
import { ProcessReadRepository } from './process-read/process-read.repository';
import { QuarantineService } from './quarantine/quarantine.service';
import { QuarantineQuota } from './quarantine/quarantine-quota';
import { QuarantineRecorder } from './quarantine/quarantine-recorder';
import { RefusedController } from './quarantine/refused.controller';
import { RefusedMessageRepository } from './quarantine/refused-message.repository';

/**
 * createProcessData / updateProcessData (with MaloIdent answers on LF), the quarantine of what they refuse, and the
 * process read for operators, for the role the service provides as SERVICE_ROLE.
 */
@Module({
  controllers: [ProcessDataController, ProcessReadController, RefusedController],
  providers: [
    ProcessDataService,
    ProcessRecordRepository,
    ProcessReadRepository,
    BookingMetrics,
    RefusedMessageRepository,
    QuarantineService,
    QuarantineQuota,
    QuarantineRecorder,
  ],
})
export class ProcessDataModule {}
