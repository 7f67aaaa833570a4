import { Module } from '@nestjs/common';
import { ProcessDataController } from './http/process-data.controller';
import { BookingMetrics } from './metrics/booking-metrics';
import { ProcessRecordRepository } from './persistence/process-record.repository';
import { ProcessDataService } from './process-data.service';

/** createProcessData / updateProcessData for the role the service provides as SERVICE_ROLE. */
@Module({
  controllers: [ProcessDataController],
  providers: [ProcessDataService, ProcessRecordRepository, BookingMetrics],
})
export class ProcessDataModule {}
