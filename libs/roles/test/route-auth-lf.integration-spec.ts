import { addRoutesOutsideControllers, composeService, listServiceRoutes } from '@maco/service';
import { describeRouteAuth } from '@maco/testing';
import { LF_SERVICE } from '../src';

describeRouteAuth({
  role: LF_SERVICE.role,
  module: composeService(LF_SERVICE),
  beforeListen: (app) => addRoutesOutsideControllers(app, LF_SERVICE),
  listRoutes: () => listServiceRoutes(LF_SERVICE),
});
