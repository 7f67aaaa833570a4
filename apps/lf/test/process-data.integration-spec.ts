import { composeService } from '@maco/service';
import { describeProcessDataContract } from '@maco/testing';
import { LF_SERVICE } from '../src/service';

describeProcessDataContract('LF', composeService(LF_SERVICE));
