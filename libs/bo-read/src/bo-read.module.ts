import { Module } from '@nestjs/common';
import { BusinessObjectReadRepository } from '@maco/process-store';
import { BoReadService } from './bo-read.service';
import { BoReadController } from './http/bo-read.controller';
import { BoReadMetrics } from './metrics/bo-read-metrics';

/** The BO4E reads ("BO4E Lesen (Backend)") for the role the service provides as SERVICE_ROLE. */
@Module({
  controllers: [BoReadController],
  providers: [BoReadService, BusinessObjectReadRepository, BoReadMetrics],
})
export class BoReadModule {}
