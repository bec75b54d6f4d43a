/**
 * Loads the store's tags after consent (LGPD art. 7 I, ANPD cookie guide) and delivers the remotes'
 * e-commerce events to them (shared-ui `trackEvent`):
 * - nothing before the shopper allowed a category: no script, no request, no cookie;
 * - then, when the browser is idle (`requestIdleCallback`, else a timeout) so the first load's
 *   JavaScript does not grow, asks the ids (`GET /api/analytics-config`) and injects gtag.js with
 *   `analytics` (GA4, https://developers.google.com/tag-platform/gtagjs/install) and fbevents.js
 *   with `marketing` (the Meta Pixel's base code, https://developers.facebook.com/docs/meta-pixel/get-started);
 * - each event goes to GA4 as its recommended e-commerce event (`gtag('event', name, { event_id,
 *   currency, value, items, ... })`) and to Meta as the standard event beside it (`fbq('track',
 *   name, data, { eventID })`), each only while its category is allowed (a withdrawal stops them
 *   at once, and the cookies those tags set, `_ga*` for GA4 and `_fbp`/`_fbc` for Meta, are
 *   removed; the scripts go with the next page load).
 * This module is its own chunk, imported by the shell after the page is interactive and only when
 * the page needs it (tag-cookies.ts `needsTagLoader`).
 */
import { META_EVENT_NAMES, type AnalyticsPublicConfig } from '@prata/contracts/analytics';
import type { ConsentChoice } from '@prata/contracts/consent';
import { setAnalyticsSink, useConsentStore, type TrackedEvent } from '@prata/shared-ui/state';
import { getAnalyticsConfig } from './api/get-analytics-config.ts';
import { TAG_COOKIES } from './tag-cookies.ts';

/** gtag.js's loader URL for a measurement id. */
export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
/** The Meta Pixel's script. */
export const FBEVENTS_URL = 'https://connect.facebook.net/en_US/fbevents.js';

type Gtag = (...args: unknown[]) => void;
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}
interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: Fbq;
  _fbq?: Fbq;
}

export interface AnalyticsLoaderDeps {
  doc: Document;
  /** Runs `task` when the browser is idle. */
  idle(task: () => void): void;
  config(): Promise<AnalyticsPublicConfig>;
}

const defaultIdle = (task: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 2000);
};

function addScript(doc: Document, src: string): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** GA4's gtag.js with `measurementId` (its queue first, then the script). */
function installGtag(doc: Document, measurementId: string): Gtag {
  const win = doc.defaultView as unknown as TagWindow;
  win.dataLayer = win.dataLayer ?? [];
  const gtag: Gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, as Google's snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  };
  win.gtag = gtag;
  gtag('js', new Date());
  gtag('config', measurementId);
  addScript(doc, `${GTAG_URL}?id=${encodeURIComponent(measurementId)}`);
  return gtag;
}

/** The Meta Pixel's base code with `pixelId`. */
function installFbq(doc: Document, pixelId: string): Fbq {
  const win = doc.defaultView as unknown as TagWindow;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  win.fbq = fbq;
  win._fbq = fbq;
  fbq('init', pixelId);
  fbq('track', 'PageView');
  addScript(doc, FBEVENTS_URL);
  return fbq;
}

/** The first-party cookies each provider's tag sets (GA4: `_ga`, `_ga_<id>`; Meta: `_fbp`, `_fbc`). */

/**
 * Removes the cookies of the tags of each category not allowed in `consent`, on the page's host and
 * each parent domain (gtag.js sets them on the widest domain it can).
 */
export function removeTagCookies(doc: Document, consent: ConsentChoice): void {
  const host = doc.location?.hostname ?? '';
  const labels = host.split('.');
  const domains = ['', ...labels.slice(0, -1).map((_, i) => `; Domain=.${labels.slice(i).join('.')}`)];
  for (const part of doc.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    const category = (Object.keys(TAG_COOKIES) as (keyof typeof TAG_COOKIES)[]).find((key) => TAG_COOKIES[key].test(name));
    if (!category || consent[category]) continue;
    for (const domain of domains) doc.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${domain}`;
  }
}

const reais = (cents: number) => Math.round(cents) / 100;

/** GA4's parameters of `event`. */
export function ga4Params(event: TrackedEvent): Record<string, unknown> {
  return {
    event_id: event.eventId,
    currency: 'BRL',
    value: reais(event.valueCents),
    items: event.items.map((item) => ({ item_id: item.id, item_name: item.name, ...(item.variant ? { item_variant: item.variant } : {}), price: reais(item.priceCents), quantity: item.quantity })),
    ...(event.transactionId ? { transaction_id: event.transactionId } : {}),
    ...(event.shippingCents !== undefined ? { shipping: reais(event.shippingCents) } : {}),
    ...(event.paymentType ? { payment_type: event.paymentType } : {}),
  };
}

/** Meta's custom data of `event`. */
export function metaData(event: TrackedEvent): Record<string, unknown> {
  return {
    currency: 'BRL',
    value: reais(event.valueCents),
    content_type: 'product',
    content_ids: event.items.map((item) => item.id),
    contents: event.items.map((item) => ({ id: item.id, quantity: item.quantity, item_price: reais(item.priceCents) })),
    num_items: event.items.reduce((sum, item) => sum + item.quantity, 0),
    ...(event.transactionId ? { order_id: event.transactionId } : {}),
  };
}

/**
 * Starts the loader (see the module doc): now if the stored choice allows a category, else when
 * the shopper makes one that does. Returns a stop function (tests).
 */
export function startAnalytics(deps: AnalyticsLoaderDeps = { doc: document, idle: defaultIdle, config: getAnalyticsConfig }): () => void {
  let gtag: Gtag | null = null;
  let fbq: Fbq | null = null;
  let loading = false;
  const allowed = (): ConsentChoice => useConsentStore.getState().consent ?? { analytics: false, marketing: false };

  const load = async () => {
    const config = await deps.config();
    const consent = allowed();
    if (consent.analytics && config.ga4MeasurementId && !gtag) gtag = installGtag(deps.doc, config.ga4MeasurementId);
    if (consent.marketing && config.metaPixelId && !fbq) fbq = installFbq(deps.doc, config.metaPixelId);
    setAnalyticsSink({
      send: (event) => {
        const now = allowed();
        if (gtag && now.analytics) gtag('event', event.name, ga4Params(event));
        if (fbq && now.marketing) fbq('track', META_EVENT_NAMES[event.name], metaData(event), { eventID: event.eventId });
      },
    });
  };

  const consider = () => {
    const consent = allowed();
    removeTagCookies(deps.doc, consent);
    const wantsMore = (consent.analytics && !gtag) || (consent.marketing && !fbq);
    if (!wantsMore || loading) return;
    loading = true;
    deps.idle(() => {
      load()
        .catch((error: unknown) => console.warn('[shell] analytics tags not loaded', error))
        .finally(() => {
          loading = false;
        });
    });
  };

  consider();
  const unsubscribe = useConsentStore.subscribe(consider);
  return () => {
    unsubscribe();
    setAnalyticsSink(null);
  };
}
