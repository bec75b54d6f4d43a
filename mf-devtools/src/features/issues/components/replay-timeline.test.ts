/** The player's timeline: breadcrumbs recorded during the replay become custom-event markers, in time order. */
import { describe, expect, it } from 'vitest';
import type { Breadcrumb, ReplayEvent } from '@prata/contracts';
import { BREADCRUMB_TAGS, withBreadcrumbMarkers } from './replay-timeline.ts';

const at = (ms: number) => new Date(ms).toISOString();
const events: ReplayEvent[] = [
  { type: 4, timestamp: 1_000, data: {} },
  { type: 2, timestamp: 1_001, data: {} },
  { type: 3, timestamp: 9_000, data: {} },
];

describe('withBreadcrumbMarkers', () => {
  it('adds the breadcrumbs within the recording as tagged custom events, leaving out those outside it', () => {
    const crumbs: Breadcrumb[] = [
      { at: at(500), category: 'navigation', message: '/antes' },
      { at: at(2_000), category: 'click', message: 'button "Comprar"' },
      { at: at(8_000), category: 'http', message: 'POST /api/orders 500' },
      { at: at(10_000), category: 'console', message: 'depois' },
    ];
    const merged = withBreadcrumbMarkers(events, crumbs);
    expect(merged.map((event) => [event.type, event.timestamp])).toEqual([[4, 1_000], [2, 1_001], [5, 2_000], [5, 8_000], [3, 9_000]]);
    expect(merged[2]!.data).toEqual({ tag: 'click', payload: { message: 'button "Comprar"' } });
    expect(Object.keys(BREADCRUMB_TAGS).sort()).toEqual(['click', 'console', 'http', 'navigation']);
  });

  it('plays nothing without events', () => {
    expect(withBreadcrumbMarkers([], [{ at: at(1), category: 'click', message: 'x' }])).toEqual([]);
  });
});
