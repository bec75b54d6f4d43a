/**
 * Opening 'Relatar um problema' from anywhere (cross-remote): a remote's error screen calls
 * `openReportProblem(remote)`, a link to {@link REPORT_PROBLEM_HASH} (the footer's, which works
 * before hydration too) is caught by the shell, which owns the dialog
 * (shell/src/features/feedback/report-problem-host.tsx).
 */

/** The window event the shell's host listens to; `detail.remote` names the remote, if any. */
export const REPORT_PROBLEM_EVENT = 'prata:report-problem';
/** The fragment of a link that opens the dialog. */
export const REPORT_PROBLEM_HASH = '#relatar-problema';

/** Asks the shell to open the dialog (browser only; a no-op elsewhere). */
export function openReportProblem(remote?: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(REPORT_PROBLEM_EVENT, { detail: remote ? { remote } : {} }));
}
