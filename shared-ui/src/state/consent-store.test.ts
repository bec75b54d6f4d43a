import { afterEach, describe, expect, it } from 'vitest';
import { hasConsent, useConsentStore } from './consent-store.ts';

afterEach(() => {
  document.cookie = 'prata_consent=; Max-Age=0; Path=/';
  useConsentStore.getState().reload();
});

describe('consent store', () => {
  it('has every category off before a choice', () => {
    expect(useConsentStore.getState().consent).toBeNull();
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('marketing')).toBe(false);
  });

  it('stores a choice in the cookie, where a reload finds it again', () => {
    useConsentStore.getState().choose({ analytics: true, marketing: false }, 1_796_000_000_500);
    expect(document.cookie).toContain('prata_consent=v1.10.1796000000');
    expect(hasConsent('analytics')).toBe(true);
    expect(hasConsent('marketing')).toBe(false);
    useConsentStore.setState({ consent: null });
    useConsentStore.getState().reload();
    expect(useConsentStore.getState().consent).toEqual({ analytics: true, marketing: false, decidedAt: 1_796_000_000_000 });
  });
});
