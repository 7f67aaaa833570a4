import 'reflect-metadata';
import { startService } from '@maco/platform';
import { AppModule } from './app.module';

void startService(AppModule, 'msb');
