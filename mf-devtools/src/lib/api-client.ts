/**
 * The devtools remote's API client: the shared typed client (runtime API origin, access token
 * with one refresh on 401, zod-validated answers, pt-BR errors). Every endpoint file in
 * `features/<x>/api` goes through it.
 */
export { apiRequest, ApiRequestError } from '@prata/shared-ui/state';
