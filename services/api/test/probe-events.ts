/**
 * Test-only: subscribing to probe events, names outside the contracts' event registry that tests
 * publish to exercise the bus itself (retries, dispatch, locks). `EventBus.subscribe` takes only
 * registered names (a misspelt one fails to compile); this helper is the one way around it, and
 * it exists only under test/.
 */
import type { EventBus, EventHandler } from '../src/events/event-bus.ts';

/** Subscribes `handler` to the probe event `type` (see EventBus.subscribe); returns the unsubscribe function. */
export function subscribeProbe(bus: EventBus, type: string, handler: EventHandler, name?: string): () => void {
  const subscribe = bus.subscribe as (type: string, handler: EventHandler, name?: string) => () => void;
  return subscribe.call(bus, type, handler, name);
}
