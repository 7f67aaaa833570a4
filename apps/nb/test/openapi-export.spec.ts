import { describeOpenApiExport } from '@maco/testing';
import { NB_SERVICE } from '@maco/roles';

describeOpenApiExport(NB_SERVICE);
