import { NB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import { describeProcessDataContract } from './contract';

describeProcessDataContract('NB', composeService(NB_SERVICE));
