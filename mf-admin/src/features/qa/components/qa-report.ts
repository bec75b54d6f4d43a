/**
 * The QA report download (admin.md 7: client-side JSON file `qa-report-{date}.json`, ISO date):
 * when it was made, the four counters and every issue.
 */
import { qaStats, type QaIssue } from '@prata/contracts';
import { downloadFile } from '@prata/shared-ui';

/** `qa-report-2026-11-23.json`: the UTC calendar day of `now`. */
export function qaReportFileName(now: Date): string {
  return `qa-report-${now.toISOString().slice(0, 10)}.json`;
}

/** The report's JSON text: when it was made, the four counters and every issue. */
export function qaReport(issues: readonly QaIssue[], now: Date): string {
  return JSON.stringify({ generatedAt: now.toISOString(), stats: qaStats(issues), issues }, null, 2);
}

/** Saves the report as a file in the browser. */
export function downloadQaReport(issues: readonly QaIssue[], now = new Date()): void {
  downloadFile(qaReport(issues, now), qaReportFileName(now), 'application/json');
}
