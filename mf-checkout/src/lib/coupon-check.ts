/**
 * `POST /api/coupons/check` (customer): whether a coupon applies to the
 * cart's goods and freight (BRL cents) and its discount, without using it (the order's transaction
 * does). A query, not a mutation: keyed by the code and the amounts, so a cart that changes checks
 * again and the discount shown is always the one for the cart on screen. Used by the cart's coupon
 * field and the checkout's.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '@prata/shared-ui';
import { couponCheckSchema, type CouponCheck, type CouponCheckRequest } from '@prata/contracts/promotions';
import { apiRequest } from './api-client.ts';

/**
 * Checks `request` for the signed-in shopper.
 * @throws ApiRequestError: 422 / 409 a refusal with its pt-BR message (contracts COUPON_REFUSALS),
 *   400 a malformed code, 401 signed out, 429 too many checks.
 */
export function checkCoupon(request: CouponCheckRequest, signal?: AbortSignal): Promise<CouponCheck> {
  return apiRequest('/api/coupons/check', couponCheckSchema, { method: 'POST', body: request, ...(signal ? { signal } : {}) });
}

export function getCouponCheckQueryOptions(request: CouponCheckRequest) {
  return queryOptions({
    queryKey: ['coupon-check', request.code, request.subtotalCents, request.shippingCents] as const,
    queryFn: ({ signal }) => checkCoupon(request, signal),
    staleTime: 30_000,
    retry: false,
  });
}

/** Whether a failed check refused the coupon itself (the code should be dropped), not the call. */
export function isCouponRefusal(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && [400, 404, 409, 422].includes(error.status);
}

/** The checkout's check of `code` (null: no coupon) against the goods and the chosen freight; the previous answer stays while a new one loads. */
export function useCouponCheck(code: string | null, subtotalCents: number, shippingCents: number) {
  return useQuery({ ...getCouponCheckQueryOptions({ code: code ?? '', subtotalCents, shippingCents }), enabled: Boolean(code), placeholderData: keepPreviousData });
}
