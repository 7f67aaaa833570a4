import { composeService } from '@maco/service';
import { describeOpenApiTruth } from '@maco/testing';
import { LF_SERVICE } from '../src';

describeOpenApiTruth({ definition: LF_SERVICE, compose: (definition) => composeService(definition) });
