import 'reflect-metadata';
import { MSB_SERVICE } from '@maco/roles';
import { bootstrapService } from '@maco/service';

void bootstrapService(MSB_SERVICE);
