/** Price in BRL from cents, e.g. "R$ 149,90" (storefront.md 9). */
import { formatBRL } from '../lib/format.ts';

export function Price({ cents, className }: { cents: number; className?: string }) {
  return <span className={className}>{formatBRL(cents)}</span>;
}
