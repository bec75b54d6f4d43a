/**
 * `GET /api/products/:id/reviews?page=`: the approved reviews of a product (the summary and one
 * page, newest first), public and without `Authorization`. The fetcher and its query options
 * only: the server's prefetch (pages.ts, in the remote's first load) needs them; the page's hook,
 * with its live refresh, is use-product-reviews.ts, in the product page's own chunk.
 */
import { queryOptions } from '@tanstack/react-query';
import { productReviewsSchema, type ProductReviews } from '@prata/contracts/reviews';
import { apiRequest } from '../../../lib/api-client.ts';

export function getProductReviews(productId: string, page: number, signal?: AbortSignal): Promise<ProductReviews> {
  return apiRequest(`/api/products/${encodeURIComponent(productId)}/reviews`, productReviewsSchema, {
    query: { page: page > 1 ? String(page) : undefined },
    auth: false,
    ...(signal ? { signal } : {}),
  });
}

export function getProductReviewsQueryOptions(productId: string, page: number) {
  return queryOptions({ queryKey: ['reviews', 'product', productId, page], queryFn: ({ signal }) => getProductReviews(productId, page, signal) });
}
