import 'reflect-metadata';
import { bootstrapService } from '@maco/service';
import { NB_SERVICE } from './service';

void bootstrapService(NB_SERVICE);
