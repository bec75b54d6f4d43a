/**
 * Route access declarations. Every route must state who may call it in `config.access`
 * (storefront.md 6, admin.md 6); a route without one makes the service refuse to start, so no
 * route can ship unguarded. Enforcement per role arrives with the accounts module.
 */
import fp from 'fastify-plugin';

/** Who may call a route. */
export type RouteAccess = 'public' | 'customer' | 'admin' | 'developer';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Routes that exist outside the API modules (static files, HEAD twins) are public. */
const IMPLICITLY_PUBLIC = [/^\/storage\//];

export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { access?: RouteAccess };
      if (config.access) return;
      if (IMPLICITLY_PUBLIC.some((pattern) => pattern.test(route.url))) return;
      // HEAD twins of GET routes and CORS preflight (OPTIONS *) inherit from their owners.
      if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
      throw new Error(`route ${String(route.method)} ${route.url} declares no config.access`);
    });
  },
  { name: 'access' },
);
