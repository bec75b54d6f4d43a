/**
 * The tags' loader: no script and no request before consent; after it, on idle, gtag.js with
 * analytics and fbevents.js with marketing, with the configured ids; the remotes' events reach
 * GA4 and Meta with their event_id, each only while its category is allowed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConsentStore, trackEvent } from '@prata/shared-ui/state';
import { FBEVENTS_URL, GTAG_URL, removeTagCookies, startAnalytics } from './analytics-loader.ts';

const scripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);
let stop: (() => void) | null = null;
let idleTasks: (() => void)[] = [];
const win = window as unknown as { dataLayer?: unknown[][]; fbq?: { queue: unknown[][] } };

function start() {
  const config = vi.fn(async () => ({ ga4MeasurementId: 'G-PRATA925', metaPixelId: '1234567890' }));
  idleTasks = [];
  stop = startAnalytics({ doc: document, idle: (task) => idleTasks.push(task), config });
  return config;
}

const runIdle = async () => {
  for (const task of idleTasks.splice(0)) task();
  await vi.waitFor(() => expect(scripts().length).toBeGreaterThan(0));
};

afterEach(() => {
  stop?.();
  document.head.innerHTML = '';
  delete win.dataLayer;
  delete win.fbq;
  document.cookie = 'prata_consent=; Max-Age=0; Path=/';
  useConsentStore.getState().reload();
});

describe('startAnalytics', () => {
  it('injects no script and asks nothing before consent, nor after a refusal', () => {
    const config = start();
    trackEvent({ name: 'view_item', valueCents: 100, items: [] });
    useConsentStore.getState().choose({ analytics: false, marketing: false });
    expect(idleTasks).toEqual([]);
    expect(config).not.toHaveBeenCalled();
    expect(scripts()).toEqual([]);
    expect(win.dataLayer).toBeUndefined();
  });

  it('after Aceitar, on idle, loads gtag.js and fbevents.js with the ids and sends the events with their event_id', async () => {
    const config = start();
    const eventId = trackEvent({ name: 'view_item', valueCents: 100, items: [] }); // dropped: no consent yet
    useConsentStore.getState().choose({ analytics: true, marketing: true });
    expect(scripts()).toEqual([]); // not before idle
    await runIdle();
    expect(config).toHaveBeenCalledTimes(1);
    expect(scripts()).toEqual([`${GTAG_URL}?id=G-PRATA925`, FBEVENTS_URL]);
    const added = trackEvent({ name: 'add_to_cart', valueCents: 4990, items: [{ id: 'p1', name: 'Anel', priceCents: 4990, quantity: 1 }] });
    const gaEvents = win.dataLayer!.map((args) => [...(args as unknown as unknown[])]).filter((args) => args[0] === 'event');
    expect(gaEvents).toEqual([['event', 'add_to_cart', expect.objectContaining({ event_id: added, currency: 'BRL', value: 49.9 })]]);
    expect(JSON.stringify(win.dataLayer)).not.toContain(eventId);
    expect(win.fbq!.queue).toContainEqual(['track', 'AddToCart', expect.objectContaining({ value: 49.9, content_ids: ['p1'] }), { eventID: added }]);
  });

  it('with analytics only, loads GA4 alone and sends nothing to Meta', async () => {
    start();
    useConsentStore.getState().choose({ analytics: true, marketing: false });
    await runIdle();
    expect(scripts()).toEqual([`${GTAG_URL}?id=G-PRATA925`]);
    expect(win.fbq).toBeUndefined();
  });

  it("withdrawing a category removes its tags' cookies and keeps the other's", () => {
    document.cookie = '_ga=GA1.1.123; Path=/';
    document.cookie = '_ga_PRATA925=GS1.1.456; Path=/';
    document.cookie = '_fbp=fb.1.789; Path=/';
    document.cookie = 'prata_cart=1; Path=/';
    removeTagCookies(document, { analytics: false, marketing: true });
    expect(document.cookie).not.toMatch(/_ga=G|_ga_PRATA925=G/);
    expect(document.cookie).toContain('_fbp=fb.1.789');
    expect(document.cookie).toContain('prata_cart=1');
    removeTagCookies(document, { analytics: false, marketing: false });
    expect(document.cookie).not.toContain('_fbp=fb');
    document.cookie = 'prata_cart=; Max-Age=0; Path=/';
  });
});
