/**
 * `POST /api/admin/products` (create) and `PUT /api/admin/products/:id` (update) with the fields
 * of admin.md 3 and stock; prices in BRL cents. Invalidates every product query and the figures.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema, type Product, type ProductInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateProductData } from '../../../lib/query-keys.ts';

export function saveProduct({ id, input }: { id: string | null; input: ProductInput }): Promise<Product> {
  return id
    ? apiRequest(`/api/admin/products/${encodeURIComponent(id)}`, productSchema, { method: 'PUT', body: input })
    : apiRequest('/api/admin/products', productSchema, { method: 'POST', body: input });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => invalidateProductData(queryClient),
  });
}
