/**
 * `GET /api/reviews/testimonials`: the newest approved 5-star reviews for the home page's
 * testimonials, public and without `Authorization`; empty until the store has enough of them (the
 * section keeps the spec's fixed texts until then).
 */
import { queryOptions } from '@tanstack/react-query';
import { reviewTestimonialsSchema } from '@prata/contracts/reviews';
import { apiRequest } from '../../../lib/api-client.ts';

export function getTestimonialsQueryOptions() {
  return queryOptions({ queryKey: ['reviews', 'testimonials'], queryFn: ({ signal }) => apiRequest('/api/reviews/testimonials', reviewTestimonialsSchema, { auth: false, signal }) });
}
