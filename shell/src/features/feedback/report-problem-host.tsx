/**
 * The shell's 'Relatar um problema' dialog (shared-ui report-problem-dialog.tsx), opened by a
 * click on a link to `#relatar-problema` (the footer's: caught on the document, so it works on a
 * server-rendered footer that never hydrates), by arriving at a URL with that fragment, or by
 * `openReportProblem(remote)` (a remote's error screen). The dialog's code is a chunk of its own,
 * loaded the first time it opens: nothing of it is in the first load.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { REPORT_PROBLEM_EVENT, REPORT_PROBLEM_HASH } from '@prata/shared-ui/state';

const ReportProblemDialog = lazy(() => import('@prata/shared-ui/report-problem'));

interface HostState {
  open: boolean;
  opened: boolean;
  remote?: string | undefined;
}

export function ReportProblemHost() {
  const [state, setState] = useState<HostState>({ open: false, opened: false });
  useEffect(() => {
    const open = (remote?: string) => setState({ open: true, opened: true, remote });
    const onEvent = (event: Event) => open((event as CustomEvent<{ remote?: string }>).detail?.remote);
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest(`a[href="${REPORT_PROBLEM_HASH}"]`) : null;
      if (!link) return;
      event.preventDefault();
      open();
    };
    const onHash = () => {
      if (window.location.hash !== REPORT_PROBLEM_HASH) return;
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      open();
    };
    window.addEventListener(REPORT_PROBLEM_EVENT, onEvent);
    window.addEventListener('hashchange', onHash);
    document.addEventListener('click', onClick);
    onHash();
    return () => {
      window.removeEventListener(REPORT_PROBLEM_EVENT, onEvent);
      window.removeEventListener('hashchange', onHash);
      document.removeEventListener('click', onClick);
    };
  }, []);
  if (!state.opened) return null;
  return (
    <Suspense fallback={null}>
      <ReportProblemDialog open={state.open} onClose={() => setState((current) => ({ ...current, open: false }))} remote={state.remote} />
    </Suspense>
  );
}
