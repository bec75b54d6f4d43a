/**
 * A build's initial weight: its initial JS and CSS in kB of
 * gzip (1 kB = 1000 bytes, pt-BR digits), the exact bytes in the tooltip; "—" when unknown.
 */
import type { AppWeight } from '@prata/contracts';

const kilobytes = new Intl.NumberFormat('pt-BR', { style: 'unit', unit: 'kilobyte', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const bytes = new Intl.NumberFormat('pt-BR');

/** `weight` as text, e.g. `{ jsGzip: 29578, cssGzip: 6845 }` -> "JS 29,6 kB · CSS 6,8 kB". */
export function formatWeight(weight: AppWeight): string {
  return `JS ${kilobytes.format(weight.jsGzip / 1000)} · CSS ${kilobytes.format(weight.cssGzip / 1000)}`;
}

export function Weight({ weight }: { weight: AppWeight | null | undefined }) {
  if (!weight) return <>—</>;
  return <span title={`JS ${bytes.format(weight.jsGzip)} bytes, CSS ${bytes.format(weight.cssGzip)} bytes (gzip)`}>{formatWeight(weight)}</span>;
}
