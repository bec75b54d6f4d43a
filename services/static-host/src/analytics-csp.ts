/**
 * The CSP sources the store's tags need, added to the shell's pages by the shell's host
 * (shell-host.ts, through static-host.ts `shellCspDirectives`). The tags themselves load only after the shopper's consent (shell
 * features/analytics); the policy only allows them.
 *
 * - Google Analytics 4 (gtag.js), as Google's CSP guide lists for GA4:
 *   https://developers.google.com/tag-platform/security/guides/csp (`script-src
 *   https://*.googletagmanager.com`; `img-src` and `connect-src` `https://*.google-analytics.com
 *   https://*.analytics.google.com https://*.googletagmanager.com`).
 * - The Meta Pixel (fbevents.js from connect.facebook.net; its hits go to www.facebook.com as
 *   image requests or beacons): https://developers.facebook.com/docs/meta-pixel/get-started.
 */
/** Sources of third-party tags in `script-src`, `img-src` and `connect-src`. */
export interface TagCspSources {
  scriptSrc: readonly string[];
  imgSrc: readonly string[];
  connectSrc: readonly string[];
}

/** No tags (the default of `shellCspDirectives`). */
export const NO_TAG_SOURCES: TagCspSources = { scriptSrc: [], imgSrc: [], connectSrc: [] };

/** GA4's and the Meta Pixel's sources (see the module doc). */
export const ANALYTICS_CSP_SOURCES: TagCspSources = {
  scriptSrc: ['https://*.googletagmanager.com', 'https://connect.facebook.net'],
  imgSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com', 'https://www.facebook.com'],
  connectSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com', 'https://www.facebook.com', 'https://connect.facebook.net'],
};
