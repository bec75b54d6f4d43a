/**
 * The product page's reviews query (get-product-reviews.ts), kept fresh by the `products` realtime
 * channel (`ProductReviewsChanged` when one is approved, withdrawn or answered); going to another
 * page keeps the current one until it arrives.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRealtimeInvalidate } from '@prata/shared-ui/state';
import { getProductReviewsQueryOptions } from './get-product-reviews.ts';

const LIVE_KEYS = [['reviews']] as const;

export function useProductReviews(productId: string, page: number) {
  useRealtimeInvalidate('products', LIVE_KEYS);
  return useQuery({ ...getProductReviewsQueryOptions(productId, page), placeholderData: keepPreviousData });
}
