/**
 * Product image files (admin.md 5, 7, 8): `POST /api/admin/product-images` (multipart, field
 * `file`) answers the stored key and public URL; `DELETE /api/admin/product-images/<key>` removes
 * an upload no product uses. The service checks type (by content) and size; the checks here only
 * spare a pointless upload.
 */
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, messageSchema, productImageUploadSchema, type ProductImageUpload } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Why a chosen file cannot be sent, judged by its declared type and size; null when it may be. */
export function preCheckImage(file: { type: string; size: number }): 'invalidType' | 'tooLarge' | null {
  if (!(file.type in PRODUCT_IMAGE_TYPES)) return 'invalidType';
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

export function uploadProductImage(file: File): Promise<ProductImageUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/admin/product-images', productImageUploadSchema, { method: 'POST', body: form });
}

export async function deleteProductImage(key: string): Promise<void> {
  await apiRequest(`/api/admin/product-images/${key.split('/').map(encodeURIComponent).join('/')}`, messageSchema, { method: 'DELETE' });
}
