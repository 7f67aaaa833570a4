import { Module } from '@nestjs/common';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { MaloIdentController } from './http/malo-ident.controller';
import { MaloIdentRepository } from './malo-ident.repository';
import { MaloIdentService } from './malo-ident.service';
import { MasterDataService } from './master-data.service';
import { MaloIdentMetrics } from './metrics/malo-ident-metrics';

/** "MaloIdent NB (Backend)": `POST /identifyMarketlocation`, `GET /getMaloidentMarketlocation`, `GET /maloIdentRequests/{key}`. */
@Module({
  controllers: [MaloIdentController],
  providers: [MaloIdentService, MasterDataService, MaloIdentRepository, BusinessObjectReadRepository, MaloIdentMetrics],
})
export class MaloIdentModule {}
