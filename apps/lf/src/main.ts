import 'reflect-metadata';
import { bootstrapService } from '@maco/service';
import { LF_SERVICE } from './service';

void bootstrapService(LF_SERVICE);
