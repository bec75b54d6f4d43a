/** pt-BR texts of an order: dates and the boleto line (the card's instalments: contracts `installmentSplitText`). */

/** An ISO calendar date ('2026-11-24') as '24/11/2026', without any time-zone shift. */
export function formatIsoDate(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

/** Boleto line in its usual groups (digits only as copied; spaced for reading). */
export function formatBoletoLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

/** Remaining time as 'mm:ss' (never negative). */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
