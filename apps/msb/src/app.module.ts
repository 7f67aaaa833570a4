import { Module } from '@nestjs/common';
import { AuthModule } from '@maco/auth';
import { DatabaseModule } from '@maco/database';
import { PlatformModule } from '@maco/platform';
import { ProcessDataModule } from '@maco/process-data';

/** The metering-point operator (Messstellenbetreiber) backend. */
@Module({
  imports: [PlatformModule.forRole('MSB'), DatabaseModule.forRoot(), AuthModule, ProcessDataModule],
})
export class AppModule {}
