/** `DELETE /api/admin/products/:id`: deleted, or archived when orders reference it (admin.md 7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productDeletionSchema, type ProductDeletion } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateProductData } from '../../../lib/query-keys.ts';

export function deleteProduct(id: string): Promise<ProductDeletion> {
  return apiRequest(`/api/admin/products/${encodeURIComponent(id)}`, productDeletionSchema, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => invalidateProductData(queryClient),
  });
}
