/**
 * The acquirer's entries in the shell's Content-Security-Policy, derived from the same settings
 * the API reads, so the policy and the checkout cannot disagree:
 *
 * - `PAYMENT_PROVIDER=mercadopago`, per directive (defaults: {@link MERCADOPAGO_DEFAULTS}):
 *   - `script-src`: MercadoPago.js v2 (`MERCADOPAGO_SDK_URL`'s origin) and Mercado Pago's static
 *     CDN (`http2.mlstatic.com`, the SDK's assets);
 *   - `frame-src`: the secure card fields (`MERCADOPAGO_FIELDS_ORIGIN`, one origin or several,
 *     space- or comma-separated; default `secure-fields.mercadopago.com` and its fallback
 *     `api-static.mercadopago.com`) and the families of hosts Mercado Pago's own plugins allow for
 *     frames (`*.mercadopago.com`, `*.mercadopago.com.br`, `*.mercadolibre.com`);
 *   - `connect-src`: the API (`MERCADOPAGO_API_URL`'s origin: payment-method look-ups and
 *     tokenisation), the secure fields' origins again (the SDK fetches a field's page before it
 *     frames it, so `frame-src` alone leaves the fields unmounted), the static CDN, and the SDK's
 *     usage metrics and device fingerprint (`api.mercadolibre.com`, `www.mercadolibre.com`);
 *   - `img-src`: the static CDN and the same families as `frame-src`.
 *   `script-src` and `connect-src` name hosts only (a script runs with the page's authority and
 *   `connect-src` is where a page's data can go); frames and images take the plugins' wildcards.
 * - any other provider (the sandbox): nothing; the sandbox's test form talks to the API only.
 *
 * Every shell's host derives them here: `npm start`, the production container and the preview
 * (shell-host.ts).
 *
 * Sources (Mercado Pago publishes no CSP page for MercadoPago.js; what it does publish, and what
 * its SDK does, give the list above):
 * - Mercado Pago's own Adobe Commerce plugins allow `*.mercadopago.com`, `*.mercadopago.com.br`,
 *   `*.mercadolibre.com`, `*.mercadolivre.com`, `*.mlstatic.com` in script/connect/img/frame-src:
 *   https://github.com/mercadopago/adb-payment/blob/HEAD/etc/csp_whitelist.xml and
 *   https://github.com/mercadopago/cart-magento2/blob/HEAD/src/MercadoPago/Core/etc/csp_whitelist.xml
 *   (`*.mlstatic.com` and `*.mercadopago.com` scripts, `*.mercadolibre.com` connections and frames).
 * - Secure Fields are iframes that send the card to Mercado Pago's servers:
 *   https://www.mercadopago.com.br/developers/en/news/2022/09/30/Secure-Fields-protects-card-details-at-checkout
 * - MercadoPago.js must be loaded from Mercado Pago, never hosted by the store:
 *   https://www.mercadopago.com.mx/developers/en/guides/online-payments/checkout-api/goto-production
 * - The SDK's `advancedFraudPrevention` (on by default) and `trackingDisabled` (off by default)
 *   options: https://github.com/mercadopago/sdk-js/blob/HEAD/docs/fields.md
 * - Mercado Pago's maintainers on secure fields broken by a store's CSP:
 *   https://github.com/mercadopago/card-payment-sample-node/issues/6 (and
 *   https://github.com/mercadopago/sdk-js/discussions/16); frames of `www.mercadopago.com.<country>`:
 *   https://github.com/mercadopago/sdk-js/issues/37
 * - The named hosts (`secure-fields.mercadopago.com` framed after a fetch, `api-static.mercadopago.com`
 *   its fallback, `http2.mlstatic.com` assets, `api.mercadolibre.com` metrics) are what integrators
 *   read in the bundle served at https://sdk.mercadopago.com/js/v2 and saw in their browsers'
 *   CSP reports; each lies inside a family the plugins above allow.
 */
import { MERCADOPAGO_DEFAULTS } from '@prata/contracts';

export interface AcquirerCspSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
}

/** The origin of an http(s) URL. @throws Error naming the variable when it is not one. */
function originOf(name: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name}: not a URL (${url})`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name}: not an http(s) URL (${url})`);
  return parsed.origin;
}

/**
 * The origins of a list setting (space- or comma-separated http(s) URLs), without repeats.
 * @throws Error naming the variable when the list is empty or an item is not an http(s) URL.
 */
export function originsOf(name: string, list: string): string[] {
  const items = list.split(/[\s,]+/).filter(Boolean);
  if (items.length === 0) throw new Error(`${name}: no origin given`);
  return [...new Set(items.map((item) => originOf(name, item)))];
}

/**
 * The acquirer's CSP sources for an environment (see the module comment).
 * @throws Error when one of the acquirer's URLs is not an http(s) URL.
 */
export function acquirerCspSources(env: NodeJS.ProcessEnv): AcquirerCspSources {
  if (env.PAYMENT_PROVIDER !== 'mercadopago') return { scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] };
  const defaults = MERCADOPAGO_DEFAULTS;
  const sdk = originOf('MERCADOPAGO_SDK_URL', env.MERCADOPAGO_SDK_URL || defaults.sdkUrl);
  const api = originOf('MERCADOPAGO_API_URL', env.MERCADOPAGO_API_URL || defaults.apiUrl);
  const fields = originsOf('MERCADOPAGO_FIELDS_ORIGIN', env.MERCADOPAGO_FIELDS_ORIGIN || defaults.fieldsOrigins.join(' '));
  const unique = (sources: string[]) => [...new Set(sources)];
  return {
    scriptSrc: unique([sdk, defaults.staticOrigin]),
    frameSrc: unique([...fields, ...defaults.platformFrameSources]),
    connectSrc: unique([api, ...fields, defaults.staticOrigin, ...defaults.platformConnectSources]),
    imgSrc: unique([defaults.staticOrigin, ...defaults.platformImageSources]),
  };
}
