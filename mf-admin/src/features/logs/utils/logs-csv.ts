/**
 * CSV export of the activity log (admin.md 2, 9): columns date/time, action, details, IP; written
 * by papaparse (quoting of commas, quotes and line breaks; `escapeFormulae`: a cell starting with
 * =, +, -, @, tab or CR gets a leading ' so a spreadsheet never runs it as a formula, OWASP "CSV
 * injection"), with a UTF-8 byte order mark so
 * spreadsheet programs read the accents right; named with the current date in São Paulo.
 */
import Papa from 'papaparse';
import type { AdminLogEntry } from '@prata/contracts';
import { formatDateTime } from '@prata/shared-ui';
import { actionLabel, describeDetails } from '../../../lib/activity-labels.ts';

export const CSV_HEADER = ['Data/Hora', 'Ação', 'Detalhes', 'IP'] as const;
const BOM = '\uFEFF';

/** The CSV text (BOM, header, one line per row; CRLF line ends). */
export function logsToCsv(rows: readonly AdminLogEntry[]): string {
  return (
    BOM +
    Papa.unparse(
      {
        fields: [...CSV_HEADER],
        data: rows.map((row) => [formatDateTime(row.createdAt), actionLabel(row.action), describeDetails(row.details), row.ipAddress ?? '']),
      },
      { escapeFormulae: true },
    )
  );
}

/** `logs-atividades-2026-11-20.csv` for the São Paulo calendar day of `now`. */
export function csvFileName(now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `logs-atividades-${day}.csv`;
}

/** Saves `csv` as a download named `fileName`. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
