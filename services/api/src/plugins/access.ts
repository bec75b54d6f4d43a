/**
 * Route access declarations. Every route must state who may call it in `config.access`
 * (storefront.md 6, admin.md 6); a route without one makes the service refuse to start, so no
 * route can ship unguarded. Enforcement per role arrives with the accounts module.
 */
import fp from 'fastify-plugin';

/** Who may call a route. */
export type RouteAccess = 'public' | 'customer' | 'admin' | 'developer';

/** One entry of the route table: every API route with its declared access. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** The route table (filled as routes register; the role-matrix test walks it). */
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
        for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access: config.access });
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
