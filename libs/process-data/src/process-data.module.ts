import { Module } from '@nestjs/common';
import { ProcessRecordRepository } from '@maco/process-store';
import { ProcessDataController } from './booking/process-data.controller';
import { ProcessDataService } from './booking/process-data.service';
import { BookingJournal } from './journal/booking-journal';
import { JournalController } from './journal/journal.controller';
import { JournalMetrics } from './journal/journal-metrics';
import { JournalReplay } from './journal/journal-replay';
import { BookingMetrics } from './metrics/booking-metrics';
import { ProcessReadController } from './process-read/process-read.controller';
import { ProcessReadRepository } from './process-read/process-read.repository';
import { QuarantineService } from './quarantine/quarantine.service';
import { QuarantineQuota } from './quarantine/quarantine-quota';
import { QuarantineRecorder } from './quarantine/quarantine-recorder';
import { RefusedController } from './quarantine/refused.controller';
import { RefusedMessageRepository } from './quarantine/refused-message.repository';

/**
 * createProcessData / updateProcessData (with MaloIdent answers on LF), the write journal that keeps them while the
 * database is away, the quarantine of what they refuse, and the process read for operators, for the role the service provides as SERVICE_ROLE.
 */
@Module({
  controllers: [ProcessDataController, ProcessReadController, RefusedController, JournalController],
  providers: [
    ProcessDataService,
    ProcessRecordRepository,
    ProcessReadRepository,
    BookingMetrics,
    RefusedMessageRepository,
    QuarantineService,
    QuarantineQuota,
    QuarantineRecorder,
    BookingJournal,
    JournalMetrics,
    JournalReplay,
  ],
})
export class ProcessDataModule {}
