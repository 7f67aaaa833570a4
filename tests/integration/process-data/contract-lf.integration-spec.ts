import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import { describeProcessDataContract } from './contract';

describeProcessDataContract('LF', composeService(LF_SERVICE));
