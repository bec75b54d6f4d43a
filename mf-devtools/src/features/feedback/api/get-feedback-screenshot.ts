/** `GET /api/developer/feedback/:id/screenshot`: a report's screenshot as a data URL (WebP). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackScreenshotSchema } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { FEEDBACK_KEY } from './get-feedback.ts';

export function getFeedbackScreenshot(id: string, signal?: AbortSignal): Promise<{ dataUrl: string }> {
  return apiRequest(`/api/developer/feedback/${encodeURIComponent(id)}/screenshot`, feedbackScreenshotSchema, signal ? { signal } : {});
}

export function useFeedbackScreenshot(id: string) {
  return useQuery(queryOptions({ queryKey: [...FEEDBACK_KEY, 'screenshot', id], queryFn: ({ signal }) => getFeedbackScreenshot(id, signal), staleTime: Infinity, retry: false }));
}
