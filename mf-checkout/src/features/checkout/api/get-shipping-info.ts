/**
 * `GET /api/content/shipping_info` (admin.md 3 content sections): the 'Informações de
 * Entrega' section the owner edits in the panel's Conteúdo tab, shown in the checkout's summary.
 * Same query key as the storefront's content pages (`['content', 'section', key]`), so a save in
 * the panel refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentSectionSchema, type ContentSection } from '@prata/contracts/content';
import { apiRequest } from '../../../lib/api-client.ts';

export function getShippingInfo(signal?: AbortSignal): Promise<ContentSection> {
  return apiRequest('/api/content/shipping_info', contentSectionSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function useShippingInfo() {
  return useQuery(queryOptions({ queryKey: ['content', 'section', 'shipping_info'], queryFn: ({ signal }) => getShippingInfo(signal), staleTime: 5 * 60_000, retry: false }));
}
