import { composeService } from '@maco/service';
import { describeOpenApiTruth } from '@maco/testing';
import { NB_SERVICE } from '../src';

describeOpenApiTruth({ definition: NB_SERVICE, compose: (definition) => composeService(definition) });
