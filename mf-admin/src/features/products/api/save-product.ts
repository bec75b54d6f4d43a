/**
 * `POST /api/admin/products` (create) and `PUT /api/admin/products/:id` (update) with the fields
 * of admin.md 3 and stock; prices in BRL cents. With `gallery`, the product's gallery
 * is then set (`PUT /api/admin/products/:id/images`, set-product-gallery.ts). Invalidates every
 * product query and the figures.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminProductSchema, type AdminProduct, type ProductGalleryInput, type ProductInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateProductData } from '../../../lib/query-keys.ts';
import { setProductGallery } from './set-product-gallery.ts';

export async function saveProduct({ id, input, gallery }: { id: string | null; input: ProductInput; gallery?: ProductGalleryInput | undefined }): Promise<AdminProduct> {
  const product = await (id
    ? apiRequest(`/api/admin/products/${encodeURIComponent(id)}`, adminProductSchema, { method: 'PUT', body: input })
    : apiRequest('/api/admin/products', adminProductSchema, { method: 'POST', body: input }));
  return gallery ? setProductGallery(product.id, gallery) : product;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSettled: () => invalidateProductData(queryClient),
  });
}
