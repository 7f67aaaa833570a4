import { listServiceRoutes } from '@maco/service';
import { describeRouteListing } from '@maco/testing';
import { LF_SERVICE, MSB_SERVICE, NB_SERVICE } from '../src';

for (const definition of [LF_SERVICE, NB_SERVICE, MSB_SERVICE]) {
  describeRouteListing(definition.role, () => listServiceRoutes(definition));
}
