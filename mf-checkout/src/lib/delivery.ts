/**
 * Delivery estimate texts (storefront.md 9: 3 a 7 dias úteis in the Southeast, 5 a 15 elsewhere;
 * orders processed within 24 h), shared by the checkout summary and the confirmation page.
 */
import { SOUTHEAST_STATES, businessDaysText, deliveryEstimate } from '@prata/contracts';

export { businessDaysText };

/** Hours within which an order is processed (storefront.md 9). */
export const ORDER_PROCESSING_HOURS = 24;

/** The estimate for a state code, e.g. "3 a 7 dias úteis (Sudeste)". */
export function deliveryTextForState(state: string): string {
  const region = (SOUTHEAST_STATES as readonly string[]).includes(state) ? 'Sudeste' : 'demais regiões';
  return `${businessDaysText(deliveryEstimate(state))} (${region})`;
}
