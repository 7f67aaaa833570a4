import 'reflect-metadata';
import { bootstrapService } from '@maco/service';
import { MSB_SERVICE } from '@maco/roles';

void bootstrapService(MSB_SERVICE);
