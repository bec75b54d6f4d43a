/**
 * `PUT /api/admin/products/:id/images` (issue 22): the product's whole gallery in order (at most
 * 8 uploaded image keys, each with its alt text; the first becomes the cover). Answers the
 * product. Callers invalidate the product queries (the dialog saves the product first).
 */
import { productSchema, type Product, type ProductGalleryInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function setProductGallery(id: string, gallery: ProductGalleryInput): Promise<Product> {
  return apiRequest(`/api/admin/products/${encodeURIComponent(id)}/images`, productSchema, { method: 'PUT', body: gallery });
}
