/**
 * Web Vitals beacons: sent when the page is hidden, as text/plain JSON the service's
 * schema accepts, with the tab's session id and the page's route and remote versions; each metric
 * once per page load; nothing without a page context.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webVitalsBeaconSchema } from '@prata/contracts/web-vitals';
import { setRuntimeConfig } from './runtime-config.ts';
import { flushVitals, installWebVitals, recordVital } from './web-vitals.ts';

let beacons: { url: string; type: string; body: string }[];
let page: { route: string; remotes: { name: 'storefront'; version: string }[] } | null;

beforeEach(async () => {
  beacons = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      void data.text().then((body) => beacons.push({ url, type: data.type, body }));
      return true;
    },
  });
  page = { route: '/produtos', remotes: [{ name: 'storefront', version: '0.1.0-3e738475' }] };
  await installWebVitals(() => page);
});
afterEach(() => vi.restoreAllMocks());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('web vitals', () => {
  it('are sent on hide as text/plain JSON the service accepts, each metric once', async () => {
    recordVital({ name: 'LCP', value: 1834.5 });
    recordVital({ name: 'CLS', value: 0.04 });
    recordVital({ name: 'LCP', value: 1900 });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('http://127.0.0.1:3000/api/vitals');
    expect(beacons[0]!.type).toBe('text/plain;charset=utf-8');
    const body = webVitalsBeaconSchema.parse(JSON.parse(beacons[0]!.body));
    expect(body).toMatchObject({ route: '/produtos', remotes: [{ name: 'storefront', version: '0.1.0-3e738475' }], metrics: [{ name: 'LCP', value: 1900 }, { name: 'CLS', value: 0.04 }] });
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // Back and hidden again: the LCP already sent is not sent twice; a new INP is.
    recordVital({ name: 'LCP', value: 5000 });
    recordVital({ name: 'INP', value: 96 });
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(beacons).toHaveLength(2);
    expect(JSON.parse(beacons[1]!.body).metrics).toEqual([{ name: 'INP', value: 96 }]);
  });

  it('send nothing without a page the registry knows', () => {
    page = null;
    recordVital({ name: 'TTFB', value: 120 });
    expect(flushVitals()).toBeNull();
  });
});
