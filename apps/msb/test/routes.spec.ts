import { listServiceRoutes } from '@maco/service';
import { describeRouteListing } from '@maco/testing';
import { MSB_SERVICE } from '@maco/roles';

describeRouteListing(MSB_SERVICE.role, () => listServiceRoutes(MSB_SERVICE));
