import { type DynamicModule, RequestMethod, type Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig, MetadataScanner, ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { Module } from '@nestjs/core/injector/module';
import { PathsExplorer } from '@nestjs/core/router/paths-explorer';
import { RoutePathFactory } from '@nestjs/core/router/route-path-factory';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { isOperatorReadable, isPublic } from '@maco/auth';
import {
  type RecordedRoute,
  recordRoutes,
  type RouteAuth,
  type ServiceConfig,
  ServiceConfigModule,
  type ServiceDefinition,
  withoutHeadTwins,
} from '@maco/platform';
import { addRoutesOutsideControllers } from './bootstrap-service';
import { composeService } from './compose-service';

export interface ListedRoute extends RecordedRoute {
  auth: RouteAuth;
  /** The interface group whose module declares the route; `platform` for what every service has (health, metrics, docs). */
  group: string;
}

/** Label of the routes no interface group declares: the composition's platform, database and the OpenAPI pages. */
export const PLATFORM_GROUP = 'platform';

/**
 * Every HTTP route a service built from `definition` serves, with its auth, without a database or a port: Nest scans
 * the composed module in preview mode (no provider is created), and the guards' own predicates judge each handler.
 * Fastify answers HEAD on every GET route with the same handler (and guards); those twins are not listed.
 */
export async function listServiceRoutes(definition: ServiceDefinition): Promise<ListedRoute[]> {
  const routes = [...(await controllerRoutes(definition)), ...(await routesOutsideControllers(definition))];
  // Ordinal, not locale order: the committed listing must not depend on the machine's locale.
  const key = (route: ListedRoute) => `${route.path} ${route.method}`;
  return routes.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The auth the global guards give a handler: the same `isPublic`/`isOperatorReadable` they call on each request. */
export function authOfHandler(controller: Type<unknown>, handler: (...args: unknown[]) => unknown): RouteAuth {
  const reflector = new Reflector();
  const context = new ExecutionContextHost([], controller, handler);
  if (isPublic(reflector, context)) return 'public';
  return isOperatorReadable(reflector, context) ? 'role+operator' : 'role';
}

async function controllerRoutes(definition: ServiceDefinition): Promise<ListedRoute[]> {
  // As createServiceApp roots it; preview creates no provider, so the configuration's values are never read.
  const root = {
    module: class ListedServiceRoot {},
    imports: [ServiceConfigModule.register({} as ServiceConfig), composeService(definition)],
  };
  const context = await NestFactory.createApplicationContext(root, {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    const modules = [...context.get(ModulesContainer).values()];
    const groupOf = groupsByModule(definition, modules);
    // No global prefix, versioning or RouterModule in this workspace: the default config builds the paths Nest registers.
    const paths = new RoutePathFactory(new ApplicationConfig());
    const explorer = new PathsExplorer(new MetadataScanner());
    const routes: ListedRoute[] = [];
    for (const module of modules) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as Type<unknown>;
        const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
        for (const definitionOfRoute of explorer.scanForPaths(prototype, prototype)) {
          const auth = authOfHandler(controller, prototype[definitionOfRoute.methodName]);
          for (const ctrlPath of controllerPaths(controller)) {
            for (const methodPath of definitionOfRoute.path) {
              for (const path of paths.create({ ctrlPath, methodPath }, definitionOfRoute.requestMethod)) {
                routes.push({
                  method: RequestMethod[definitionOfRoute.requestMethod],
                  path,
                  auth,
                  group: groupOf.get(module) ?? PLATFORM_GROUP,
                });
              }
            }
          }
        }
      }
    }
    return routes;
  } finally {
    await context.close();
  }
}

/** `@Controller()` paths as Nest's router explorer reads them. */
function controllerPaths(controller: Type<unknown>): string[] {
  const path: string | string[] = Reflect.getMetadata(PATH_METADATA, controller) ?? '/';
  return (Array.isArray(path) ? path : [path]).map((each) => (each.startsWith('/') ? each : `/${each}`));
}

/** Each module to the group that brought it in: the group's module and what it imports (global modules are everyone's). */
function groupsByModule(definition: ServiceDefinition, modules: Module[]): Map<Module, string> {
  const owner = new Map<Module, string>();
  for (const group of definition.groups) {
    const metatype = (group.module as DynamicModule).module ?? group.module;
    const pending = modules.filter((module) => module.metatype === metatype);
    while (pending.length) {
      const module = pending.pop() as Module;
      if (owner.has(module)) continue;
      owner.set(module, group.name);
      pending.push(...[...module.imports].filter((imported) => !imported.isGlobal));
    }
  }
  return owner;
}

/**
 * What the service adds to Fastify besides its controllers (the OpenAPI pages), read off a bare app's router. Nest's
 * guards never see such a route: it is public.
 */
async function routesOutsideControllers(definition: ServiceDefinition): Promise<ListedRoute[]> {
  const adapter = new FastifyAdapter({ logger: false });
  const registered = recordRoutes(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(class BareServiceModule {}, adapter, { logger: false });
  try {
    addRoutesOutsideControllers(app, definition);
    await app.init();
  } finally {
    await app.close();
  }
  return withoutHeadTwins(registered).map((route) => ({ ...route, auth: 'public', group: PLATFORM_GROUP }));
}
