/**
 * The event registry (domain-event-names.ts, domain-events.ts): both halves name the same events,
 * and each registered event keeps the channel the realtime hub gave it by name prefix before the
 * registry.
 */
import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_CHANNELS, DOMAIN_EVENT_NAMES, domainEventNameSchema } from './domain-event-names.ts';
import { DOMAIN_EVENT_PAYLOADS } from './domain-events.ts';
import { channelOfEvent, type RealtimeChannel } from './realtime.ts';

/** The realtime hub's routing before the registry (name prefixes). */
function channelByPrefix(type: string): RealtimeChannel | null {
  if (type.startsWith('SystemError')) return 'system-errors';
  if (type.startsWith('Product')) return 'products';
  if (type.startsWith('Order') || type === 'PaymentConfirmedAfterExpiry') return 'orders';
  if (type.startsWith('Notification')) return 'notifications';
  if (type.startsWith('RemoteRelease') || type.startsWith('RemoteCanary')) return 'releases';
  // Registered since, on the public channel the shell's host follows for its render cache.
  if (type === 'ContentChanged' || type === 'StoreSettingsChanged') return 'storefront';
  return null;
}

describe('domain event registry', () => {
  it('has a payload schema for exactly the registered names', () => {
    expect(Object.keys(DOMAIN_EVENT_PAYLOADS).sort()).toEqual([...DOMAIN_EVENT_NAMES].sort());
    expect(Object.keys(DOMAIN_EVENT_CHANNELS)).toEqual(DOMAIN_EVENT_NAMES);
  });

  it('routes every event to the channel its name prefix gave it', () => {
    for (const name of DOMAIN_EVENT_NAMES) expect(channelOfEvent(name), name).toBe(channelByPrefix(name));
  });

  it('knows no unregistered name', () => {
    expect(channelOfEvent('ProductTeleported')).toBeNull();
    expect(domainEventNameSchema.safeParse('ProductTeleported').success).toBe(false);
  });
});
