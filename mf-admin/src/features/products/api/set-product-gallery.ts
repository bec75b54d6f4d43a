/**
 * `PUT /api/admin/products/:id/images`: the product's whole gallery in order (at most
 * 8 uploaded image keys, each with its alt text; the first becomes the cover). Answers the
 * product. Callers invalidate the product queries (the dialog saves the product first).
 */
import { adminProductSchema, type AdminProduct, type ProductGalleryInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function setProductGallery(id: string, gallery: ProductGalleryInput): Promise<AdminProduct> {
  return apiRequest(`/api/admin/products/${encodeURIComponent(id)}/images`, adminProductSchema, { method: 'PUT', body: gallery });
}
