/** Which cached pages each of the service's events purges (the surrogate keys render-cache.ts stores). */
import { describe, expect, it } from 'vitest';
import { purgeTagsOf } from './cache-invalidation.ts';

const event = (name: string, payload: Record<string, unknown>) => ({ event: name as never, payload });
const id = '1f0952cf-9ef7-407e-ae2b-07ce7588aa95';

describe('purgeTagsOf', () => {
  it("purges a product's page and every list for product events, a section for content, all pages for settings and a remote's pages for its releases", () => {
    expect(purgeTagsOf(event('ProductCreated', { productId: id, name: 'Anel' }))).toEqual(['catalogue']);
    expect(purgeTagsOf(event('ProductUpdated', { productId: id, changed: ['priceCents'] }))).toEqual(['catalogue', `product:${id}`]);
    expect(purgeTagsOf(event('ProductDeleted', { productId: id, archived: true }))).toEqual(['catalogue', `product:${id}`]);
    expect(purgeTagsOf(event('ProductListingChanged', { productId: id, listed: false }))).toEqual(['catalogue', `product:${id}`]);
    expect(purgeTagsOf(event('ProductReviewsChanged', { productId: id }))).toEqual(['catalogue', `product:${id}`]);
    expect(purgeTagsOf(event('ContentChanged', { key: 'about_us' }))).toEqual(['content:about_us']);
    expect(purgeTagsOf(event('ContentChanged', { key: 'social-links' }))).toEqual(['content:social-links']);
    expect(purgeTagsOf(event('StoreSettingsChanged', { setting: 'pix-discount' }))).toEqual(['settings']);
    expect(purgeTagsOf(event('RemoteReleaseActivated', { remote: 'storefront', version: '1', manifestUrl: 'x' }))).toEqual(['remote:storefront']);
    expect(purgeTagsOf(event('RemoteCanaryChanged', { remote: 'checkout', version: null, percent: null }))).toEqual(['remote:checkout']);
  });

  it('purges nothing for events no public page shows', () => {
    expect(purgeTagsOf(event('ReservationCreated', { productId: id }))).toEqual([]);
    expect(purgeTagsOf(event('OrderPlaced', {}))).toEqual([]);
  });
});
