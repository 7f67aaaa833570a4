import { Module } from '@nestjs/common';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { IdentifyLocationController } from './identify-location/identify-location.controller';
import { IdentifyLocationRepository } from './identify-location/identify-location.repository';
import { IdentifyLocationService } from './identify-location/identify-location.service';
import { BusinessObjectImportRepository } from './master-data-import/business-object-import.repository';
import { MasterDataImportController } from './master-data-import/master-data-import.controller';
import { MasterDataImportService } from './master-data-import/master-data-import.service';
import { BoReadMetrics } from './metrics/bo-read-metrics';
import { BoReadController } from './reads/bo-read.controller';
import { BoReadService } from './reads/bo-read.service';

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
