import { describeProcessDataContract } from '@maco/testing';
import { AppModule } from '../src/app.module';

describeProcessDataContract('NB', AppModule);
