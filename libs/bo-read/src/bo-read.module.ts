import { Module } from '@nestjs/common';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { BoReadService } from './bo-read.service';
import { BusinessObjectImportRepository } from './business-object-import.repository';
import { BoReadController } from './http/bo-read.controller';
import { IdentifyLocationController } from './http/identify-location.controller';
import { MasterDataImportController } from './http/master-data-import.controller';
import { IdentifyLocationRepository } from './identify-location.repository';
import { IdentifyLocationService } from './identify-location.service';
import { MasterDataImportService } from './master-data-import.service';
import { BoReadMetrics } from './metrics/bo-read-metrics';

/** The BO4E reads ("BO4E Lesen (Backend)"), the identification of locations (`POST /identifyLocation`) and the import of master data (`POST /masterData`) for SERVICE_ROLE. */
@Module({
  controllers: [BoReadController, MasterDataImportController, IdentifyLocationController],
  providers: [
    BoReadService,
    BusinessObjectReadRepository,
    BoReadMetrics,
    MasterDataImportService,
    BusinessObjectImportRepository,
    IdentifyLocationService,
    IdentifyLocationRepository,
  ],
})
export class BoReadModule {}
