import 'reflect-metadata';
import { setupOpenApi } from '@maco/process-data';
import { startService } from '@maco/platform';
import { AppModule } from './app.module';

void startService(AppModule, 'msb', { beforeListen: (app) => setupOpenApi(app, 'MSB') });
