/**
 * Whether a document shows the cookie banner at its first paint. Every server-rendered document
 * carries the banner's first layer, hidden by its CSS (a cached document is the same for every
 * shopper, so the server cannot choose); the shell's host inlines {@link CONSENT_MARKER_SCRIPT} at
 * the top of the document (shell/src/server.ts `inlineScript`), which reads `document.cookie` before
 * anything paints and, when it holds no choice, marks `<html>` with {@link CONSENT_NEEDED_ATTRIBUTE},
 * which shows the banner (consent-banner.module.css). The banner then paints with the page,
 * never after hydration, so it cannot move a page's Largest Contentful Paint late.
 *
 * No imports: the shell's Node entry reads this before its shared modules are loaded.
 */

/** The attribute of `<html>` that shows the server-rendered banner: no choice was made yet. */
export const CONSENT_NEEDED_ATTRIBUTE = 'data-consent-needed';

/**
 * The pre-paint script (ES5, ~200 bytes): marks `<html>` with {@link CONSENT_NEEDED_ATTRIBUTE} unless
 * the first `prata_consent` cookie holds a value the cookie codec reads
 * (@prata/contracts/consent `consentFromCookies`: `v1.<a><m>.<epoch seconds>`); consent-marker.test.ts
 * holds the two to the same answers.
 */
export const CONSENT_MARKER_SCRIPT = `(function(){var m=/(?:^|;)\\s*prata_consent=([^;]*)/.exec(document.cookie);if(!m||!/^v1\\.[01]{2}\\.\\d{1,12}$/.test(m[1].trim()))document.documentElement.setAttribute('${CONSENT_NEEDED_ATTRIBUTE}','');})();`;
