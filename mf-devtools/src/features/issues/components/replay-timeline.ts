/**
 * The events the replay player plays: the recording, with each breadcrumb recorded during it as
 * an rrweb custom event (type 5, `{ tag: category, payload: { message } }`), which rrweb-player
 * draws as a marker of its tag's colour on the timeline.
 */
import type { Breadcrumb, ReplayEvent } from '@prata/contracts';

/** The marker colour of each breadcrumb category (rrweb-player's `tags`). */
export const BREADCRUMB_TAGS: Record<Breadcrumb['category'], string> = {
  navigation: '#2563eb',
  http: '#16a34a',
  click: '#d97706',
  console: '#6b7280',
};

/** rrweb's custom event type. */
const CUSTOM = 5;

/**
 * `events` with `breadcrumbs` that fall within the recording merged in as custom events, in
 * time order. Breadcrumbs before the first or after the last recorded event are left out.
 */
export function withBreadcrumbMarkers(events: readonly ReplayEvent[], breadcrumbs: readonly Breadcrumb[]): ReplayEvent[] {
  if (events.length === 0) return [];
  const first = events[0]!.timestamp;
  const last = events[events.length - 1]!.timestamp;
  const markers = breadcrumbs.flatMap((crumb) => {
    const at = Date.parse(crumb.at);
    return at >= first && at <= last ? [{ type: CUSTOM, timestamp: at, data: { tag: crumb.category, payload: { message: crumb.message } } }] : [];
  });
  return [...events, ...markers].sort((a, b) => a.timestamp - b.timestamp);
}
