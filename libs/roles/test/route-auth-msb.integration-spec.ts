import { addRoutesOutsideControllers, composeService, listServiceRoutes } from '@maco/service';
import { describeRouteAuth } from '@maco/testing';
import { MSB_SERVICE } from '../src';

describeRouteAuth({
  role: MSB_SERVICE.role,
  module: composeService(MSB_SERVICE),
  beforeListen: (app) => addRoutesOutsideControllers(app, MSB_SERVICE),
  listRoutes: () => listServiceRoutes(MSB_SERVICE),
});
