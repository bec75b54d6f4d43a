/**
 * Route access declarations. Every route must state who may call it in `config.access`
 * (storefront.md 6, admin.md 6); a route without one makes the service refuse to start, so no
 * route can ship unguarded. Enforcement per role arrives with the accounts module.
 */
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/** Who may call a route. */
export type RouteAccess = 'public' | 'customer' | 'admin' | 'developer';

/** One entry of the route table: every API route with its declared access and input schemas. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's declared input schemas (zod, through fastify-type-provider-zod), when it has them. */
  input: Pick<FastifySchema, 'body' | 'querystring' | 'params'>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** The route table (filled as routes register; the role-matrix and fuzzing tests walk it). */
    routeTable: RouteAccessEntry[];
  }
}

/** Routes that exist outside the API modules (static files, the API reference, HEAD twins) are public. */
const IMPLICITLY_PUBLIC = [/^\/storage\//, /^\/api\/docs(\/|$)/];

export default fp(
  async (app) => {
    const table: RouteAccessEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { access?: RouteAccess };
      if (config.access) {
        for (const method of [route.method].flat()) if (method !== 'HEAD') {
            const { body, querystring, params } = route.schema ?? {};
            table.push({ method, url: route.url, access: config.access, input: { body, querystring, params } });
          }
        return;
      }
      if (IMPLICITLY_PUBLIC.some((pattern) => pattern.test(route.url))) return;
      // HEAD twins of GET routes and CORS preflight (OPTIONS *) inherit from their owners.
      if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
      throw new Error(`route ${String(route.method)} ${route.url} declares no config.access`);
    });
  },
  { name: 'access' },
);
