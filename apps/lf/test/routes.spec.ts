import { listServiceRoutes } from '@maco/service';
import { describeRouteListing } from '@maco/testing';
import { LF_SERVICE } from '@maco/roles';

describeRouteListing(LF_SERVICE.role, () => listServiceRoutes(LF_SERVICE));
