import { Module } from '@nestjs/common';
import { ProcessDataController } from './http/process-data.controller';
import { ProcessReadController } from './http/process-read.controller';
import { RefusedController } from './http/refused.controller';
import { BookingMetrics } from './metrics/booking-metrics';
import { ProcessRecordRepository } from '@maco/process-store';
import { ProcessDataService } from './process-data.service';
import { ProcessReadRepository } from './process-read.repository';
import { QuarantineRecorder } from './quarantine/quarantine-recorder';
import { QuarantineQuota } from './quarantine/quarantine-quota';
import { QuarantineService } from './quarantine/quarantine.service';
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
