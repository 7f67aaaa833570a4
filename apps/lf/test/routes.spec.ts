import { listServiceRoutes } from '@maco/service';
import { describeRouteListing } from '@maco/testing';
import { LF_SERVICE } from '../src/service';

describeRouteListing(LF_SERVICE.role, () => listServiceRoutes(LF_SERVICE));
