/**
 * What React could not hydrate (a hydration mismatch is reported the same way):
 * `hydrateRoot`'s `onRecoverableError` for a server-rendered page. A slot the server left to the
 * browser is not a mismatch (its digest says so, client-slot.ts: the host already reported a real
 * failure); anything else is reported as `hydration_mismatch` under the page's remote and version
 * (React then renders that part in the browser: the page still works).
 */
import type { RenderedPage } from '@prata/contracts/platform';
import { reportError } from '@prata/shared-ui/state';
import { isClientSlotError } from './client-slot.ts';

/** The `onRecoverableError` of the page `page` hydrates. */
export function hydrationErrorHandler(page: Pick<RenderedPage, 'remote' | 'version'>): (error: unknown) => void {
  return (recoverable) => {
    if (isClientSlotError(recoverable)) return;
    const failure = recoverable instanceof Error ? recoverable : new Error(String(recoverable));
    console.error('[shell] hydration mismatch', failure);
    reportError({
      errorType: 'hydration_mismatch',
      errorMessage: failure.message,
      ...(failure.stack ? { errorStack: failure.stack } : {}),
      remote: page.remote ?? 'shell',
      ...(page.version ? { version: page.version } : {}),
    });
  };
}
