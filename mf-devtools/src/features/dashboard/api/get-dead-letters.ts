/** `GET /api/developer/dead-letters`: work that failed its last retry, newest 100. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { deadLetterListSchema, type DeadLetter } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const DEAD_LETTERS_KEY = ['developer', 'dead-letters'] as const;

export function getDeadLetters(signal?: AbortSignal): Promise<DeadLetter[]> {
  return apiRequest('/api/developer/dead-letters', deadLetterListSchema, signal ? { signal } : {});
}

export function getDeadLettersQueryOptions() {
  return queryOptions({ queryKey: DEAD_LETTERS_KEY, queryFn: ({ signal }) => getDeadLetters(signal), refetchInterval: 60_000 });
}

export function useDeadLetters() {
  return useQuery(getDeadLettersQueryOptions());
}
