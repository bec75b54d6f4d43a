/**
 * `POST /api/admin/products/:id/restore`: an archived product back to draft or active
 * (restocking is then a normal edit). Invalidates every product query and the figures.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminProductSchema, type AdminProduct, type ProductRestore } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateProductData } from '../../../lib/query-keys.ts';

export function restoreProduct({ id, status }: { id: string } & ProductRestore): Promise<AdminProduct> {
  return apiRequest(`/api/admin/products/${encodeURIComponent(id)}/restore`, adminProductSchema, { method: 'POST', body: { status } });
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSettled: () => invalidateProductData(queryClient),
  });
}
