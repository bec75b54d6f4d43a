/**
 * What decides whether a page needs the store's tags at all, kept apart from their loader
 * (analytics-loader.ts, a chunk of its own) so the shell can ask without downloading it: a first
 * visit, and any visit without consent, never fetches the loader.
 */
import type { ConsentChoice } from '@prata/contracts/consent';

/** The first-party cookies the tags set, by consent category: GA4's `_ga` and `_ga_<id>`, the Meta Pixel's `_fbp` and `_fbc`. */
export const TAG_COOKIES = { analytics: /^_ga(_|$)/, marketing: /^_fb[pc]$/ } as const;

/**
 * True when the page needs the tags' loader: a category is allowed in `consent` (null: no choice
 * yet), or `cookie` (`document.cookie`) still holds a tag's cookie that the loader removes because
 * its category is no longer allowed.
 */
export function needsTagLoader(consent: ConsentChoice | null, cookie: string): boolean {
  if (consent?.analytics || consent?.marketing) return true;
  return cookie.split(';').some((part) => {
    const name = part.split('=')[0]!.trim();
    return TAG_COOKIES.analytics.test(name) || TAG_COOKIES.marketing.test(name);
  });
}
