/**
 * The checkout's delivery choice (issue 23): once the CEP has eight digits, the options the service
 * quotes for the cart (lib/shipping-quote.ts), one radio each with its price ('Grátis' when free
 * shipping applies) and business days, the cheapest chosen first; the store-table notice when the
 * carrier did not answer; the service's message when the CEP cannot be quoted. The order sends the
 * chosen `serviceId` and the price shown, which the service checks.
 */
import { useEffect } from 'react';
import { FREIGHT_TABLE_NOTICE, type ShippingOption, type ShippingQuote } from '@prata/contracts';
import { Alert, RadioGroup, formatBRL } from '@prata/shared-ui';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { businessDaysText } from '../../../lib/delivery.ts';
import styles from './checkout.module.css';

export interface ShippingOptionsProps {
  /** The quote query's state for the typed CEP (null data: none yet). */
  quote: { data: ShippingQuote | undefined; error: unknown; isFetching: boolean };
  /** Whether the CEP typed has eight digits. */
  cepComplete: boolean;
  /** The chosen option (as last quoted), or null. */
  value: ShippingOption | null;
  onChange(option: ShippingOption | null): void;
  error?: string | undefined;
}

/** '{name} · R$ 39,90' or '{name} · Grátis'. */
export function shippingOptionLabel(option: ShippingOption): string {
  return `${option.name} · ${option.priceCents === 0 ? 'Grátis' : formatBRL(option.priceCents)}`;
}

export function ShippingOptions({ quote, cepComplete, value, onChange, error }: ShippingOptionsProps) {
  const options = quote.data?.options ?? [];
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
  else if (quote.error && !quote.data) {
    body = <Alert variant="danger">{quote.error instanceof ApiRequestError && quote.error.status < 500 ? quote.error.message : 'Não foi possível calcular o frete agora. Tente novamente em alguns instantes.'}</Alert>;
  } else if (!quote.data) body = <p className={styles.note} role="status">Calculando o frete...</p>;
  else if (options.length === 0) body = <Alert variant="danger">Não há entrega disponível para este CEP.</Alert>;
  else {
    body = (
      <>
        <RadioGroup
          id="checkout-shipping"
          legend="Forma de entrega"
          hideLegend
          name="shipping"
          options={options.map((option) => ({ value: option.serviceId, label: shippingOptionLabel(option), hint: `${option.carrier} · ${businessDaysText(option)}` }))}
          value={value?.serviceId ?? null}
          onValueChange={(serviceId) => onChange(options.find((option) => option.serviceId === serviceId) ?? null)}
          error={error}
        />
        {quote.data.source === 'table' ? <p className={styles.note}>{FREIGHT_TABLE_NOTICE}</p> : null}
      </>
    );
  }
  return (
    <fieldset className={styles.section} aria-busy={quote.isFetching} data-testid="shipping-options">
      <legend>Entrega</legend>
      {body}
    </fieldset>
  );
}
