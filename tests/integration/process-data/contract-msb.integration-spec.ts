import { composeService } from '@maco/service';
import { describeProcessDataContract } from './contract';
import { MSB_SERVICE } from '@maco/roles';

describeProcessDataContract('MSB', composeService(MSB_SERVICE));
