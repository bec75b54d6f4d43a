import { ApiRequestError } from '@prata/shared-ui/state';

/** The service's message for a 4xx answer (e.g. a wrong password), else `fallback`. */
export function failure(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status > 0 && error.status < 500 ? error.message : fallback;
}
