/**
 * The sticky client id: stored in the first-party cookie only with analytics consent (then read
 * back); without it, one id per page view in memory and no cookie.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, encodeConsent } from '@prata/contracts/consent';
import { CLIENT_COOKIE, clientId, clientIdFromCookies, forgetClientId } from './client-id.ts';

const consent = (analytics: boolean) => {
  document.cookie = `${CONSENT_COOKIE}=${encodeConsent({ analytics, marketing: false }, Date.now())}; Path=/`;
};

afterEach(() => {
  document.cookie = `${CLIENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('clientId', () => {
  it('stores nothing before consent: one id for the page view, in memory', () => {
    const id = clientId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clientId()).toBe(id);
    expect(document.cookie).not.toContain(CLIENT_COOKIE);
  });

  it('stores nothing when analytics was refused, and removes a cookie left from before', () => {
    consent(false);
    document.cookie = `${CLIENT_COOKIE}=abcdefgh-123; Path=/`;
    clientId();
    expect(document.cookie).not.toContain(CLIENT_COOKIE);
  });

  it('with analytics consent, creates a random id once and keeps returning it', () => {
    consent(true);
    expect(clientIdFromCookies(document.cookie)).toBeNull();
    const id = clientId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clientIdFromCookies(document.cookie)).toBe(id);
    expect(clientId()).toBe(id);
  });

  it('replaces a cookie that is not a valid id', () => {
    consent(true);
    document.cookie = `${CLIENT_COOKIE}=<script>; Path=/`;
    expect(clientId()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the id among other cookies, and forgets it', () => {
    expect(clientIdFromCookies(`a=1; ${CLIENT_COOKIE}=abcdefgh-123; b=2`)).toBe('abcdefgh-123');
    document.cookie = `${CLIENT_COOKIE}=abcdefgh-123; Path=/`;
    forgetClientId();
    expect(document.cookie).not.toContain(CLIENT_COOKIE);
  });
});
