import { composeService } from '@maco/service';
import { describeProcessDataContract } from './contract';
import { NB_SERVICE } from '@maco/roles';

describeProcessDataContract('NB', composeService(NB_SERVICE));
