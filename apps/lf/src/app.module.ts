import { Module } from '@nestjs/common';
import { AuthModule } from '@maco/auth';
import { DatabaseModule } from '@maco/database';
import { PlatformModule } from '@maco/platform';
import { ProcessDataModule } from '@maco/process-data';

/** The supplier (Lieferant) backend. */
@Module({
  imports: [PlatformModule.forRole('LF'), DatabaseModule.forRoot(), AuthModule, ProcessDataModule],
})
export class AppModule {}
