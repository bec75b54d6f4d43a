/**
 * Review moderation: `GET /api/admin/reviews?status&page` (a page of the reviews of a status and
 * the count of each), `POST /api/admin/reviews/:id/approve`, `POST /api/admin/reviews/:id/reject`
 * `{ reason }` and `PUT /api/admin/reviews/:id/reply` `{ text }` (an empty text removes the
 * reply). Each mutation refreshes every list of the tab.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReviewListSchema, adminReviewSchema, type AdminReview, type AdminReviewList, type ReviewStatus } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getReviews(status: ReviewStatus, page: number, signal?: AbortSignal): Promise<AdminReviewList> {
  return apiRequest('/api/admin/reviews', adminReviewListSchema, { query: { status, page: page > 1 ? String(page) : undefined }, ...(signal ? { signal } : {}) });
}

export function useReviews(status: ReviewStatus, page: number) {
  return useQuery({ queryKey: adminKeys.reviewList(status, page), queryFn: ({ signal }) => getReviews(status, page, signal), placeholderData: keepPreviousData });
}

/** The moderation actions on one review. */
export type ReviewAction = { id: string; kind: 'approve' } | { id: string; kind: 'reject'; reason: string } | { id: string; kind: 'reply'; text: string };

export function moderateReview(action: ReviewAction): Promise<AdminReview> {
  const url = `/api/admin/reviews/${encodeURIComponent(action.id)}`;
  if (action.kind === 'approve') return apiRequest(`${url}/approve`, adminReviewSchema, { method: 'POST', body: {} });
  if (action.kind === 'reject') return apiRequest(`${url}/reject`, adminReviewSchema, { method: 'POST', body: { reason: action.reason } });
  return apiRequest(`${url}/reply`, adminReviewSchema, { method: 'PUT', body: { text: action.text } });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moderateReview, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.reviews }) });
}
