/**
 * The catalogue feeds for shopping channels: `GET /api/admin/catalogue-feeds` (contracts
 * `CatalogueFeeds`: each feed's absolute URL, when it was generated and how many items it lists).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueFeedsSchema, type CatalogueFeeds } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getCatalogueFeeds(signal?: AbortSignal): Promise<CatalogueFeeds> {
  return apiRequest('/api/admin/catalogue-feeds', catalogueFeedsSchema, signal ? { signal } : {});
}

export const getCatalogueFeedsQueryOptions = () => queryOptions({ queryKey: adminKeys.catalogueFeeds, queryFn: ({ signal }) => getCatalogueFeeds(signal) });

export function useCatalogueFeeds() {
  return useQuery(getCatalogueFeedsQueryOptions());
}
