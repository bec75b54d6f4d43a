/**
 * `POST /api/reviews/photos` (multipart, field `file`): a photo for a review, answered with its key
 * and URL. The service sniffs the content (JPEG, PNG, GIF, WebP), caps the size (10 MB) and strips
 * the photo's metadata; the check here only spares a pointless upload.
 */
import { useMutation } from '@tanstack/react-query';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, reviewPhotoUploadSchema, type ReviewPhoto } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Why a chosen file cannot be sent, by its declared type and size (pt-BR), or null. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(file.type in PRODUCT_IMAGE_TYPES)) return 'Envie uma foto JPEG, PNG, GIF ou WEBP.';
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return 'A foto deve ter no máximo 10MB.';
  return null;
}

export function uploadReviewPhoto(file: File): Promise<ReviewPhoto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/reviews/photos', reviewPhotoUploadSchema, { method: 'POST', body: form });
}

export function useUploadReviewPhoto() {
  return useMutation({ mutationFn: uploadReviewPhoto });
}
