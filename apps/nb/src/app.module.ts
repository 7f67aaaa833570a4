import { Module } from '@nestjs/common';
import { AuthModule } from '@maco/auth';
import { DatabaseModule } from '@maco/database';
import { PlatformModule } from '@maco/platform';
import { ProcessDataModule } from '@maco/process-data';

/** The grid operator (Netzbetreiber) backend. */
@Module({
  imports: [PlatformModule.forRole('NB'), DatabaseModule.forRoot(), AuthModule, ProcessDataModule],
})
export class AppModule {}
