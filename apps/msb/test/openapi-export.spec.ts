import { describeOpenApiExport } from '@maco/testing';
import { MSB_SERVICE } from '../src/service';

describeOpenApiExport(MSB_SERVICE);
