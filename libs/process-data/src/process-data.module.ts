import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProcessDataController } from './process-data.controller';
import { ProcessDataService } from './process-data.service';
import { ProcessRecordEntity } from './persistence/process-record.entity';
import { ProcessRecordRepository } from './persistence/process-record.repository';
import { ProcessRevisionEntity } from './persistence/process-revision.entity';

/** createProcessData / updateProcessData for the role the app provides as SERVICE_ROLE. */
@Module({
  imports: [TypeOrmModule.forFeature([ProcessRecordEntity, ProcessRevisionEntity])],
  controllers: [ProcessDataController],
  providers: [ProcessDataService, ProcessRecordRepository],
})
export class ProcessDataModule {}
