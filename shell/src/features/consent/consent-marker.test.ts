/**
 * The document's pre-paint script marks `<html data-consent-needed>` exactly when the cookie codec
 * (@prata/contracts/consent `consentFromCookies`) reads no choice from `document.cookie`: no
 * cookie, an empty or unreadable value, another version; a valid choice (any categories) leaves
 * the document unmarked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, consentFromCookies } from '@prata/contracts/consent';
import { CONSENT_MARKER_SCRIPT, CONSENT_NEEDED_ATTRIBUTE } from './consent-marker.ts';

/** Runs the script against `cookie` (as `document.cookie` reads) and says whether it marked the document. */
function marks(cookie: string): boolean {
  const root = document.documentElement;
  root.removeAttribute(CONSENT_NEEDED_ATTRIBUTE);
  new Function('document', CONSENT_MARKER_SCRIPT)({ cookie, documentElement: root });
  return root.hasAttribute(CONSENT_NEEDED_ATTRIBUTE);
}

afterEach(() => {
  document.documentElement.removeAttribute(CONSENT_NEEDED_ATTRIBUTE);
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

const COOKIES = [
  '',
  'prata_cart=abc',
  `${CONSENT_COOKIE}=v1.00.1796000000`,
  `${CONSENT_COOKIE}=v1.11.1796000000`,
  `prata_client=x; ${CONSENT_COOKIE}=v1.10.1796000000; prata_cart=y`,
  `${CONSENT_COOKIE}=`,
  `${CONSENT_COOKIE}=v2.11.1796000000`,
  `${CONSENT_COOKIE}=v1.12.1796000000`,
  `${CONSENT_COOKIE}=v1.11.`,
  `${CONSENT_COOKIE}=v1.11.1796000000x`,
  `x${CONSENT_COOKIE}=v1.11.1796000000`,
  `${CONSENT_COOKIE}=garbage; ${CONSENT_COOKIE}=v1.11.1796000000`,
  `${CONSENT_COOKIE}=v1.01.1796000000; ${CONSENT_COOKIE}=garbage`,
];

describe('CONSENT_MARKER_SCRIPT', () => {
  it('marks the document when there is no prata_consent cookie, and not when there is one', () => {
    expect(marks('')).toBe(true);
    expect(marks('prata_cart=abc')).toBe(true);
    expect(marks(`${CONSENT_COOKIE}=v1.00.1796000000`)).toBe(false);
  });

  it.each(COOKIES)('agrees with the cookie codec on %j', (cookie) => {
    expect(marks(cookie)).toBe(consentFromCookies(cookie) === null);
  });

  it("reads the browser's real document.cookie when run as the document's script", () => {
    new Function(CONSENT_MARKER_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_NEEDED_ATTRIBUTE)).toBe(true);
    document.documentElement.removeAttribute(CONSENT_NEEDED_ATTRIBUTE);
    document.cookie = `${CONSENT_COOKIE}=v1.10.1796000000; Path=/`;
    new Function(CONSENT_MARKER_SCRIPT)();
    expect(document.documentElement.hasAttribute(CONSENT_NEEDED_ATTRIBUTE)).toBe(false);
  });

  it('names the cookie of the contract and stays tiny', () => {
    expect(CONSENT_MARKER_SCRIPT).toContain(`${CONSENT_COOKIE}=`);
    expect(CONSENT_MARKER_SCRIPT.length).toBeLessThan(300);
  });
});
