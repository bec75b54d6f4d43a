import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink, trackEvent } from './analytics.ts';
import { useConsentStore } from './consent-store.ts';

const event = { name: 'view_item' as const, valueCents: 4990, items: [{ id: 'p1', name: 'Anel', priceCents: 4990, quantity: 1 }] };

afterEach(() => {
  setAnalyticsSink(null);
  document.cookie = 'prata_consent=; Max-Age=0; Path=/';
  useConsentStore.getState().reload();
});

describe('trackEvent', () => {
  it('drops every event without consent, even once a sink is installed', () => {
    const send = vi.fn();
    trackEvent(event);
    setAnalyticsSink({ send });
    trackEvent(event);
    expect(send).not.toHaveBeenCalled();
  });

  it('with consent, keeps events until the sink is installed, then sends them in order with their event_id', () => {
    useConsentStore.getState().choose({ analytics: true, marketing: false });
    const first = trackEvent(event);
    const second = trackEvent({ ...event, name: 'add_to_cart', eventId: 'dado' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe('dado');
    const send = vi.fn();
    setAnalyticsSink({ send });
    expect(send.mock.calls.map(([sent]) => [sent.name, sent.eventId])).toEqual([
      ['view_item', first],
      ['add_to_cart', 'dado'],
    ]);
    trackEvent(event);
    expect(send).toHaveBeenCalledTimes(3);
  });
});
