import { Module } from '@nestjs/common';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { MaloIdentController } from './http/malo-ident.controller';
import { loadMaloIdentConfig, MALO_IDENT_CONFIG } from './malo-ident.config';
import { MaloIdentRepository } from './malo-ident.repository';
import { MaloIdentService } from './malo-ident.service';
import { MasterDataService } from './master-data.service';
import { MaloIdentMetrics } from './metrics/malo-ident-metrics';

/** "MaloIdent NB (Backend)": `POST /identifyMarketlocation`, `GET /getMaloidentMarketlocation`, `GET /maloIdentRequests/{key}`. */
@Module({
  controllers: [MaloIdentController],
  providers: [
    { provide: MALO_IDENT_CONFIG, useFactory: () => loadMaloIdentConfig() },
    MaloIdentService,
    MasterDataService,
    MaloIdentRepository,
    BusinessObjectReadRepository,
    MaloIdentMetrics,
  ],
})
export class MaloIdentModule {}
