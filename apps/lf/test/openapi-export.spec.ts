import { describeOpenApiExport } from '@maco/testing';
import { LF_SERVICE } from '../src/service';

describeOpenApiExport(LF_SERVICE);
