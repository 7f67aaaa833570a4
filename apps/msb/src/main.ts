import 'reflect-metadata';
import { bootstrapService } from '@maco/service';
import { MSB_SERVICE } from './service';

void bootstrapService(MSB_SERVICE);
