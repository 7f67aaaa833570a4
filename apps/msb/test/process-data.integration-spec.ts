import { composeService } from '@maco/service';
import { describeProcessDataContract } from '@maco/testing';
import { MSB_SERVICE } from '../src/service';

describeProcessDataContract('MSB', composeService(MSB_SERVICE));
