import { MSB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import { describeProcessDataContract } from './contract';

describeProcessDataContract('MSB', composeService(MSB_SERVICE));
