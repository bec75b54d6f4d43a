import { describe, expect, it } from 'vitest';
import { consentFromCookies, decodeConsent, encodeConsent } from './consent.ts';

describe('consent cookie', () => {
  it('round-trips a choice at second precision', () => {
    const value = encodeConsent({ analytics: true, marketing: false }, 1_796_000_000_999);
    expect(value).toBe('v1.10.1796000000');
    expect(decodeConsent(value)).toEqual({ analytics: true, marketing: false, decidedAt: 1_796_000_000_000 });
  });

  it('reads the choice among other cookies and ignores what it cannot read', () => {
    expect(consentFromCookies('a=1; prata_consent=v1.01.1796000000; b=2')).toEqual({ analytics: false, marketing: true, decidedAt: 1_796_000_000_000 });
    expect(consentFromCookies('prata_consent=v2.11.1')).toBeNull();
    expect(consentFromCookies('prata_consent=v1.21.1')).toBeNull();
    expect(consentFromCookies('')).toBeNull();
    expect(consentFromCookies(undefined)).toBeNull();
  });
});
