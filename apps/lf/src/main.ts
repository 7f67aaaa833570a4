import 'reflect-metadata';
import { bootstrapService } from '@maco/service';
import { LF_SERVICE } from '@maco/roles';

void bootstrapService(LF_SERVICE);
