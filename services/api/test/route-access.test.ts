/**
 * The role matrix: walks the service's route table and calls every route as
 * anonymous, customer, admin and developer, checking the declared access is enforced. A new
 * route is covered automatically; one without a declaration cannot even register.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/plugins/access.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

type Caller = 'anonymous' | 'customer' | 'admin' | 'developer';
const CALLERS: Caller[] = ['anonymous', 'customer', 'admin', 'developer'];

/** Who gets past the guard for each access level (the developer here has only that role). */
const ALLOWED: Record<RouteAccess, Caller[]> = {
  public: ['anonymous', 'customer', 'admin', 'developer'],
  customer: ['customer', 'admin', 'developer'],
  admin: ['admin'],
  developer: ['developer'],
};

/**
 * The access each part of the API must have. A route whose declaration differs fails; a route
 * under no prefix here fails too, so each new area of the API is placed here deliberately.
 * Most specific prefix first.
 */
const POLICY: [RegExp, RouteAccess][] = [
  [/^\/api\/admin-registrations(\/|$)/, 'public'],
  // Admin panel: products and images, search, dashboard, sales, recovery figures, logs, content, social links, users.
  [/^\/api\/admin\/(products|product-images|search|dashboard|sales|recovery|logs|content|social-links|users)(\/|$)/, 'admin'],
  [/^\/api\/admin\//, 'admin'],
  [/^\/api\/security\//, 'admin'],
  [/^\/api\/developer\//, 'developer'],
  [/^\/api\/me(\/|$)/, 'customer'],
  // Cart reminders' e-mailed links: the signed, expiring token is the authorisation; rate-limited.
  [/^POST \/api\/cart\/recover$/, 'public'],
  [/^\/api\/cart\/recovery\/unsubscribe$/, 'public'],
  [/^\/api\/cart(\/|$)/, 'customer'], // the signed-in shopper's server cart and reminder opt-in
  [/^\/api\/reservations(\/|$)/, 'customer'],
  [/^\/api\/orders(\/|$)/, 'customer'],
  [/^\/api\/coupons\//, 'customer'], // coupon checks: per-account limits need the account; rate-limited
  [/^(GET|POST) \/api\/payments\/sandbox\/credits\//, 'public'], // the sandbox's Linha de Crédito page: unguessable ids, 404 unless the acquirer is the sandbox
  [/^\/api\/payments\/sandbox\//, 'customer'],
  [/^\/api\/payments\/(config|webhook)$/, 'public'],
  [/^\/api\/auth\//, 'public'],
  // Back-in-stock alerts: anyone may ask (anonymous by e-mail, double opt-in), rate-limited; the e-mailed links.
  [/^\/api\/back-in-stock(\/|$)/, 'public'],
  // The consent log: every shopper's cookie choice, anonymous allowed, rate-limited.
  [/^POST \/api\/consent$/, 'public'],
  // Reviews: writing one and its photos need the buyer's account (rate-limited); the home page's testimonials are public.
  [/^POST \/api\/reviews(\/photos)?$/, 'customer'],
  [/^GET \/api\/reviews\/testimonials$/, 'public'],
  [/^GET \/api\/products(\/|$)/, 'public'], // the catalogue, product pages and the search bar's suggestions
  [/^GET \/api\/(health|remotes|content|social-links|store-contact|store-offers|analytics-config)(\/|$)/, 'public'],
  [/^GET \/images\//, 'public'],
  [/^GET \/api\/cep\//, 'public'], // CEP lookup: rate-limited
  [/^POST \/api\/shipping\/quotes$/, 'public'], // freight quotes: rate-limited, priced on the server
  [/^GET \/api\/invoices\/[^/]+\/[^/]+$/, 'public'], // an invoice's DANFE/XML: the signed, 15-minute link is the authorisation; rate-limited
  [/^GET \/api\/order-documents\/[^/]+\/[^/]+$/, 'public'], // an order's packing list and gift receipt: the signed, 15-minute link is the authorisation; rate-limited
  [/^POST \/api\/shipping\/webhook$/, 'public'], // the carrier's tracking notifications: X-ME-Signature over the raw body
  [/^(GET|POST) \/api\/messaging\/whatsapp\/webhook$/, 'public'], // WhatsApp statuses: X-Hub-Signature-256 over the raw body; the GET answers the verify token only
  [/^GET \/api\/shipping\/sandbox-labels\//, 'public'], // sandbox labels: unguessable ids, 404 unless CARRIER=sandbox
  [/^POST \/api\/errors$/, 'public'], // error reports from every browser: size- and rate-limited
  [/^POST \/api\/errors\/[^/]+\/replay$/, 'public'], // a report's replay: the report's HMAC token, once per event, size- and rate-limited
  [/^POST \/api\/feedback$/, 'public'], // 'Relatar um problema': size- and rate-limited, screenshot sniffed
  [/^POST \/api\/vitals$/, 'public'], // Web Vitals beacons from every browser: size- and rate-limited
  [/^GET \/api\/realtime$/, 'public'], // websocket: channels check roles on the server
  [/^\/api\/order-tracking\//, 'public'], // an order without signing in: the signed, expiring link is the authorisation; the lookup is rate-limited
];

/** Routes the matrix walks: the API and the image renditions (not the static `/storage/` files). */
const walked = (url: string) => url.startsWith('/api/') || url.startsWith('/images/');

function expectedAccess(method: string, url: string): RouteAccess | undefined {
  return POLICY.find(([pattern]) => pattern.test(url) || pattern.test(`${method} ${url}`))?.[1];
}

let service: TestService;
const tokens: Partial<Record<Caller, SignedIn>> = {};

beforeAll(async () => {
  service = await createTestService();
  tokens.customer = await account(service);
  tokens.admin = await account(service, ['admin'], 'admin');
  tokens.developer = await account(service, ['developer'], 'dev');
});
afterAll(async () => service?.close());

describe('route access matrix', () => {
  it('has a route table covering the API', () => {
    const urls = service.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/products', 'GET /api/products/suggestions', 'POST /api/auth/sign-in', 'GET /api/me', 'GET /api/admin/users']));
    expect(service.app.routeTable.length).toBeGreaterThanOrEqual(30);
  });

  it('declares for every route the access the policy requires', () => {
    const wrong = service.app.routeTable
      .filter((r) => walked(r.url))
      .filter((r) => expectedAccess(r.method, r.url) !== r.access)
      .map((r) => `${r.method} ${r.url}: declared ${r.access}, policy ${expectedAccess(r.method, r.url) ?? 'none (add it to POLICY)'}`);
    expect(wrong).toEqual([]);
  });

  it('enforces every route for every role', async () => {
    const failures: string[] = [];
    for (const route of service.app.routeTable.filter((r) => walked(r.url))) {
      const url = route.url.replace(/:(\w+)/g, () => randomUUID()).replace(/\*$/, 'products/x.jpg?w=320');
      for (const caller of CALLERS) {
        const who = tokens[caller as Exclude<Caller, 'anonymous'>];
        const response = await service.app.inject({
          method: route.method as 'GET',
          url,
          headers: who ? bearer(who) : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const code = response.json<{ error?: string }>().error;
        const blocked = (response.statusCode === 401 && code === 'unauthorized') || (response.statusCode === 403 && code === 'forbidden');
        const expected = !ALLOWED[route.access].includes(caller);
        if (blocked !== expected) failures.push(`${route.method} ${route.url} [${route.access}] as ${caller}: ${response.statusCode} ${code}`);
        if (expected) expect(response.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
      }
    }
    expect(failures).toEqual([]);
  });
});
