/**
 * `POST /api/order-tracking/:token/return-code/verify` (anonymous): trades the e-mailed code for a
 * 30-minute grant to ask that order's return (kept in memory only). 400 for a wrong code (the try
 * counted), 410 for an expired or used one, 429 after 5 wrong tries.
 */
import { useMutation } from '@tanstack/react-query';
import { returnGrantSchema, type ReturnCodeVerify, type ReturnGrant } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function verifyReturnCode(token: string, input: ReturnCodeVerify): Promise<ReturnGrant> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}/return-code/verify`, returnGrantSchema, { method: 'POST', auth: false, body: input });
}

export function useVerifyReturnCode(token: string) {
  return useMutation({ mutationFn: (input: ReturnCodeVerify) => verifyReturnCode(token, input) });
}
