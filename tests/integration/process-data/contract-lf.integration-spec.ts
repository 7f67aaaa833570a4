import { composeService } from '@maco/service';
import { describeProcessDataContract } from './contract';
import { LF_SERVICE } from '@maco/roles';

describeProcessDataContract('LF', composeService(LF_SERVICE));
