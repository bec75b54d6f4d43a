/**
 * `POST /api/coupons/check` (signed-in customer; issue 23): whether a coupon applies to the cart's
 * goods and freight (BRL cents) and its discount, validated with the contract's `couponCheckSchema`.
 * No use is counted: the order redeems it. Refusals are ApiRequestError 422/409 with the pt-BR message.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { couponCheckSchema, type CouponCheck } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function checkCoupon(body: { code: string; subtotalCents: number; shippingCents: number }, signal?: AbortSignal): Promise<CouponCheck> {
  return apiRequest('/api/coupons/check', couponCheckSchema, { method: 'POST', body, ...(signal ? { signal } : {}) });
}

/** The check of `code` (null: no coupon) against the cart; checked again when the goods or the freight change. */
export function useCouponCheck(code: string | null, subtotalCents: number, shippingCents: number) {
  return useQuery({
    queryKey: ['coupon-check', code, subtotalCents, shippingCents],
    queryFn: ({ signal }) => checkCoupon({ code: code!, subtotalCents, shippingCents }, signal),
    enabled: Boolean(code),
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
