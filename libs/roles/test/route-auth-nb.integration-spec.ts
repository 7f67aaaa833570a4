import { addRoutesOutsideControllers, composeService, listServiceRoutes } from '@maco/service';
import { describeRouteAuth } from '@maco/testing';
import { NB_SERVICE } from '../src';

describeRouteAuth({
  role: NB_SERVICE.role,
  module: composeService(NB_SERVICE),
  beforeListen: (app) => addRoutesOutsideControllers(app, NB_SERVICE),
  listRoutes: () => listServiceRoutes(NB_SERVICE),
});
