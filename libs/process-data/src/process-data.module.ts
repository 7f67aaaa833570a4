import { Module } from '@nestjs/common';
import { ProcessDataController } from './http/process-data.controller';
import { ProcessReadController } from './http/process-read.controller';
import { BookingMetrics } from './metrics/booking-metrics';
import { ProcessReadRepository, ProcessRecordRepository } from '@maco/process-store';
import { ProcessDataService } from './process-data.service';

/**
 * createProcessData / updateProcessData (with MaloIdent answers on LF) and the process read for operators, for the role
 * the service provides as SERVICE_ROLE.
 */
@Module({
  controllers: [ProcessDataController, ProcessReadController],
  providers: [ProcessDataService, ProcessRecordRepository, ProcessReadRepository, BookingMetrics],
})
export class ProcessDataModule {}
