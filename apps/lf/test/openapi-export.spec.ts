import { describeOpenApiExport } from '@maco/testing';
import { LF_SERVICE } from '@maco/roles';

describeOpenApiExport(LF_SERVICE);
