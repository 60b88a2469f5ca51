import type { UserRole } from '@grain/shared';
import type { HTTPMethods, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { testConfig } from '../harness.js';

export interface ApiRoute {
  /** `METHOD /api/path/:id`, as the expected lists name routes. */
  key: string;
  method: HTTPMethods;
  url: string;
  roles?: readonly UserRole[];
  isPublic: boolean;
  allowExpiredPassword: boolean;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
}

/**
 * Every /api route as the server registers it, read with an onRoute hook on a fresh app: a route added to any
 * module appears here without anyone listing it. The OpenAPI UI under /api/docs, the Prometheus metrics (for the
 * addresses of METRICS_ALLOW, proven in plugins/metrics.test.ts), the live-update stream (it never ends; its
 * access and role filter are proven in modules/live/live.test.ts), the backup's dump (modules/operations) and the automatic HEAD routes are left out (they
 * are not part of the spec's API).
 */
export async function apiRoutes(db: Db): Promise<ApiRoute[]> {
  const seen: RouteOptions[] = [];
  const app = await buildApp({ db, config: testConfig(), onRoute: (route) => seen.push(route) });
  await app.ready();
  await app.close();
  const routes: ApiRoute[] = [];
  for (const route of seen) {
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.url === '/api/metrics' ||
      route.url === '/api/events' ||
      route.url.startsWith('/api/operations/')
    )
      continue;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    const config = (route.config ?? {}) as {
      roles?: readonly UserRole[];
      public?: boolean;
      allowExpiredPassword?: boolean;
    };
    const schema = (route.schema ?? {}) as { params?: ZodType; querystring?: ZodType; body?: ZodType };
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        key: `${method} ${route.url}`,
        method,
        url: route.url,
        roles: config.roles,
        isPublic: config.public === true,
        allowExpiredPassword: config.allowExpiredPassword === true,
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/** The route's path with every parameter replaced by `id` (999999: a record that does not exist). */
export function urlOf(route: ApiRoute, id: number | string = 999_999): string {
  return route.url.replace(/:[A-Za-z]+/g, String(id));
}
