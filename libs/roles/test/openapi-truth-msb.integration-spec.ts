import { composeService } from '@maco/service';
import { describeOpenApiTruth } from '@maco/testing';
import { MSB_SERVICE } from '../src';

describeOpenApiTruth({ definition: MSB_SERVICE, compose: (definition) => composeService(definition) });
