/**
 * `POST /api/reviews`: the shopper's review of one line of a delivered order (stars, text, the keys
 * of photos uploaded before), pending the store's moderation. Refreshes the order's reviews.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myReviewSchema, type CreateReviewInput, type MyReview } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function createReview(input: CreateReviewInput): Promise<MyReview> {
  return apiRequest('/api/reviews', myReviewSchema, { method: 'POST', body: input });
}

export function useCreateReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders', 'reviews', orderId] }),
  });
}
