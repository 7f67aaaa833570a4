import { Module } from '@nestjs/common';
import { BusinessObjectImportRepository, BusinessObjectReadRepository } from '@maco/process-store';
import { BoReadService } from './bo-read.service';
import { BoReadController } from './http/bo-read.controller';
import { MasterDataImportController } from './http/master-data-import.controller';
import { MasterDataImportService } from './master-data-import.service';
import { BoReadMetrics } from './metrics/bo-read-metrics';

/** The BO4E reads ("BO4E Lesen (Backend)") and the import of master data (`POST /masterData`) for SERVICE_ROLE. */
@Module({
  controllers: [BoReadController, MasterDataImportController],
  providers: [BoReadService, BusinessObjectReadRepository, BoReadMetrics, MasterDataImportService, BusinessObjectImportRepository],
})
export class BoReadModule {}
