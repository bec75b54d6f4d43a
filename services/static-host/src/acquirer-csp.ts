/**
 * The acquirer's entries in the shell's Content-Security-Policy,
 * derived from the same settings the API reads, so the policy and the checkout cannot disagree:
 *
 * - `PAYMENT_PROVIDER=mercadopago`: MercadoPago.js v2 (`MERCADOPAGO_SDK_URL`'s origin) in
 *   `script-src`, its secure card fields (`MERCADOPAGO_FIELDS_ORIGIN`) in `frame-src`, and its API
 *   (`MERCADOPAGO_API_URL`'s origin: payment-method look-ups and tokenisation) in `connect-src`;
 *   defaults are Mercado Pago's documented origins ({@link MERCADOPAGO_DEFAULTS}).
 * - any other provider (the sandbox): nothing; the sandbox's test form talks to the API only.
 *
 * Every shell's host derives them here: `npm start`, the production container and the preview
 * (shell-host.ts).
 */
import { MERCADOPAGO_DEFAULTS } from '@prata/contracts';

export interface AcquirerCspSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
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
 * The acquirer's CSP sources for an environment (see the module comment).
 * @throws Error when one of the acquirer's URLs is not an http(s) URL.
 */
export function acquirerCspSources(env: NodeJS.ProcessEnv): AcquirerCspSources {
  if (env.PAYMENT_PROVIDER !== 'mercadopago') return { scriptSrc: [], frameSrc: [], connectSrc: [] };
  const setting = (name: string, fallback: string) => (env[name] ? env[name] : fallback);
  return {
    scriptSrc: [originOf('MERCADOPAGO_SDK_URL', setting('MERCADOPAGO_SDK_URL', MERCADOPAGO_DEFAULTS.sdkUrl))],
    frameSrc: [originOf('MERCADOPAGO_FIELDS_ORIGIN', setting('MERCADOPAGO_FIELDS_ORIGIN', MERCADOPAGO_DEFAULTS.fieldsOrigin))],
    connectSrc: [originOf('MERCADOPAGO_API_URL', setting('MERCADOPAGO_API_URL', MERCADOPAGO_DEFAULTS.apiUrl))],
  };
}
