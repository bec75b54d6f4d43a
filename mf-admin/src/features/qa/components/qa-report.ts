/**
 * The QA report download (admin.md 7: client-side JSON file `qa-report-{date}.json`, ISO date):
 * when it was made, the four counters and every issue.
 */
import { qaStats, type QaIssue } from '@prata/contracts';

export function qaReportFileName(now: Date): string {
  return `qa-report-${now.toISOString().slice(0, 10)}.json`;
}

export function qaReport(issues: readonly QaIssue[], now: Date): string {
  return JSON.stringify({ generatedAt: now.toISOString(), stats: qaStats(issues), issues }, null, 2);
}

/** Saves the report as a file in the browser. */
export function downloadQaReport(issues: readonly QaIssue[], now = new Date()): void {
  const url = URL.createObjectURL(new Blob([qaReport(issues, now)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = qaReportFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
