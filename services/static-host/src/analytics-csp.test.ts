/** The store's tags in the shell's policy: GA4's and the Meta Pixel's sources when the host passes them, none otherwise. */
import { describe, expect, it } from 'vitest';
import { ANALYTICS_CSP_SOURCES } from './analytics-csp.ts';
import { cspHeader, shellCspDirectives } from './static-host.ts';

describe("the tags' CSP sources", () => {
  it('allow gtag.js and fbevents.js and their hits when given, and nothing of theirs by default', () => {
    const withTags = cspHeader(shellCspDirectives('https://api.prata925.com.br', [], undefined, [], ANALYTICS_CSP_SOURCES));
    expect(withTags).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com[^;]*https:\/\/connect\.facebook\.net/);
    expect(withTags).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com[^;]*https:\/\/www\.facebook\.com/);
    expect(withTags).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);
    const without = cspHeader(shellCspDirectives('https://api.prata925.com.br', []));
    expect(without).not.toContain('googletagmanager');
    expect(without).not.toContain('facebook');
  });
});
