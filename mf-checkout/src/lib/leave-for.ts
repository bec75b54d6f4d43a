/**
 * Sends the shopper to another site's page (an acquirer's checkout, e.g. Mercado Pago's Linha de
 * Crédito `init_point`) with `window.location.assign`, so the browser's back button returns to the
 * store. Its own module so tests can stand in for the navigation.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
