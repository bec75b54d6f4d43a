/**
 * The store's e-commerce events (contracts/analytics.ts), reported by the remotes with one call
 * each (`trackEvent`: product page viewed, added to cart, checkout started, payment chosen, order
 * placed) and delivered by the sink the shell installs once the shopper's consent allows a
 * provider and its tags have loaded (shell features/analytics). Shared singleton, so every remote
 * reaches the shell's sink.
 *
 * Nothing leaves the page without consent: with neither `analytics` nor `marketing` allowed, an
 * event is dropped at once; with one allowed, it waits (at most {@link MAX_PENDING}) until the
 * sink is installed, which happens on idle after the first load.
 */
import type { AnalyticsEvent } from '@prata/contracts/analytics';
import { hasConsent } from './consent-store.ts';

/** An event with its `event_id`, as a sink receives it. */
export type TrackedEvent = AnalyticsEvent & { eventId: string };

/** Where events go once the tags are loaded: each provider checks its own consent category. */
export interface AnalyticsSink {
  send(event: TrackedEvent): void;
}

/** Events kept while the tags load; older ones are dropped past it. */
export const MAX_PENDING = 50;

let sink: AnalyticsSink | null = null;
let pending: TrackedEvent[] = [];

/**
 * Reports `event`, with `event.eventId` or a new random UUID as its `event_id` (returned). Sent
 * now when the sink is installed, else kept until it is; dropped without consent.
 */
export function trackEvent(event: AnalyticsEvent): string {
  const tracked: TrackedEvent = { ...event, eventId: event.eventId ?? crypto.randomUUID() };
  if (!hasConsent('analytics') && !hasConsent('marketing')) return tracked.eventId;
  if (sink) sink.send(tracked);
  else pending = [...pending, tracked].slice(-MAX_PENDING);
  return tracked.eventId;
}

/** Installs (or, with null, removes) the sink; the events kept meanwhile go to it, in order. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
  if (!next) return;
  const waiting = pending;
  pending = [];
  for (const event of waiting) next.send(event);
}
