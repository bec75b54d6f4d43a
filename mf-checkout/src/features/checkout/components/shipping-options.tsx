/**
 * The checkout's delivery choice: once the CEP has eight digits, the options the service
 * quotes for the cart (lib/shipping-quote.ts) in shared-ui's choice (a radio per option with its
 * price, 'Grátis' when free shipping applies, and business days), the cheapest chosen first, with
 * the store-table notice when the carrier did not answer; the service's message when the CEP
 * cannot be quoted. The order sends the chosen `serviceId` and the price shown, which the service checks.
 */
import { useEffect } from 'react';
import type { ShippingOption, ShippingQuote } from '@prata/contracts';
import { Alert } from '@prata/shared-ui';
import { ShippingOptionsChoice, ShippingQuoteResult, shippingQuoteErrorMessage } from '@prata/shared-ui/shipping-quote';
import styles from './checkout.module.css';

export interface ShippingOptionsProps {
  /** The quote query's state for the typed CEP. */
  quote: { data: ShippingQuote | undefined; error: unknown; isFetching: boolean };
  /** Whether the CEP typed has eight digits. */
  cepComplete: boolean;
  /** The chosen option (as last quoted), or null. */
  value: ShippingOption | null;
  onChange(option: ShippingOption | null): void;
  error?: string | undefined;
}

export function ShippingOptions({ quote, cepComplete, value, onChange, error }: ShippingOptionsProps) {
  // A new quote (another CEP or cart) keeps the chosen service at its new price and days, or
  // chooses its cheapest option when that service is not offered there.
  useEffect(() => {
    if (!quote.data) return;
    const current = quote.data.options.find((option) => option.serviceId === value?.serviceId);
    if (!current) onChange(quote.data.options[0] ?? null);
    else if (current.priceCents !== value?.priceCents || current.minDays !== value.minDays || current.maxDays !== value.maxDays) onChange(current);
  }, [quote.data, value, onChange]);

  let body;
  if (!cepComplete) body = <p className={styles.note}>Informe o CEP para ver as opções de entrega.</p>;
  else if (quote.error && !quote.data) body = <Alert variant="danger">{shippingQuoteErrorMessage(quote.error)}</Alert>;
  else if (!quote.data) body = <p className={styles.note} role="status">Calculando o frete...</p>;
  else {
    const options = quote.data.options;
    body = (
      <ShippingQuoteResult
        quote={quote.data}
        renderOptions={() => (
          <ShippingOptionsChoice options={options} value={value?.serviceId ?? null} onChange={(serviceId) => onChange(options.find((option) => option.serviceId === serviceId) ?? null)} />
        )}
      />
    );
  }
  return (
    <fieldset className={styles.section} aria-busy={quote.isFetching} data-testid="shipping-options">
      <legend>Entrega</legend>
      {body}
      {error ? (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
