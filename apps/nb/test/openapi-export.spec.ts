import { describeOpenApiExport } from '@maco/testing';
import { NB_SERVICE } from '../src/service';

describeOpenApiExport(NB_SERVICE);
