import { describeOpenApiExport } from '@maco/testing';
import { MSB_SERVICE } from '@maco/roles';

describeOpenApiExport(MSB_SERVICE);
