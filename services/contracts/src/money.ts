/** BRL money formatting shared by the service (notification texts) and the UI (storefront.md 9). */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

/** Formats BRL cents, e.g. 123456 -> "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}
