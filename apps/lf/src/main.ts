import 'reflect-metadata';
import { LF_SERVICE } from '@maco/roles';
import { bootstrapService } from '@maco/service';

void bootstrapService(LF_SERVICE);
