/**
 * The admin remote's API client: the shared typed client (runtime API origin, access token with
 * one refresh on 401, zod-validated answers, pt-BR errors), plus helpers to read a failure.
 * Every endpoint file in `features/<x>/api` goes through it.
 */
import { ApiRequestError } from '@prata/shared-ui/state';

export { apiRequest, ApiRequestError } from '@prata/shared-ui/state';

/** The service's machine-readable error code (`email_in_use`, `admin_limit`...), if any. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.body?.error : undefined;
}

/** The service's pt-BR message, or `fallback` for anything that is not an API error. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** Field messages of a 400 answer (`issues`), e.g. the password-strength feedback. */
export function errorIssues(error: unknown): string[] {
  return error instanceof ApiRequestError ? (error.body?.issues ?? []).map((issue) => issue.message) : [];
}
