/**
 * Coupons: `GET /api/admin/coupons` (every coupon with its status, uses and discount
 * given), `POST /api/admin/coupons` (create) and `PATCH /api/admin/coupons/:id` (edit, or pause /
 * resume with `{ paused }`). Each mutation refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { couponListSchema, couponSchema, type Coupon, type CouponInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return apiRequest('/api/admin/coupons', couponListSchema, signal ? { signal } : {});
}

export function useCoupons() {
  return useQuery({ queryKey: adminKeys.coupons, queryFn: ({ signal }) => getCoupons(signal) });
}

/** Creates a coupon (`id` null) or replaces an existing one's fields. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CouponInput }) =>
      id ? apiRequest(`/api/admin/coupons/${id}`, couponSchema, { method: 'PATCH', body: input }) : apiRequest('/api/admin/coupons', couponSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}

/** Pauses or resumes a coupon. */
export function usePauseCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => apiRequest(`/api/admin/coupons/${id}`, couponSchema, { method: 'PATCH', body: { paused } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}
