import { composeService } from '@maco/service';
import { describeProcessDataContract } from '@maco/testing';
import { NB_SERVICE } from '../src/service';

describeProcessDataContract('NB', composeService(NB_SERVICE));
