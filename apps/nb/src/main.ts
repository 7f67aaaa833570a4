import 'reflect-metadata';
import { NB_SERVICE } from '@maco/roles';
import { bootstrapService } from '@maco/service';

void bootstrapService(NB_SERVICE);
