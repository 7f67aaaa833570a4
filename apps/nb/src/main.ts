import 'reflect-metadata';
import { bootstrapService } from '@maco/service';
import { NB_SERVICE } from '@maco/roles';

void bootstrapService(NB_SERVICE);
