import { listServiceRoutes } from '@maco/service';
import { describeRouteListing } from '@maco/testing';
import { NB_SERVICE } from '@maco/roles';

describeRouteListing(NB_SERVICE.role, () => listServiceRoutes(NB_SERVICE));
