import { Module } from '@nestjs/common';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { MaloIdentController } from './identify/malo-ident.controller';
import { MaloIdentRepository } from './identify/malo-ident.repository';
import { MaloIdentService } from './identify/malo-ident.service';
import { MasterDataController } from './master-data/master-data.controller';
import { MasterDataService } from './master-data/master-data.service';
import { MaloIdentMetrics } from './metrics/malo-ident-metrics';

/** "MaloIdent NB (Backend)": `POST /identifyMarketlocation`, `GET /getMaloidentMarketlocation`, `GET /maloIdentRequests/{key}`. */
@Module({
  controllers: [MaloIdentController, MasterDataController],
  providers: [MaloIdentService, MasterDataService, MaloIdentRepository, BusinessObjectReadRepository, MaloIdentMetrics],
})
export class MaloIdentModule {}
