/**
 * Freight quote by CEP,
 * `@prata/shared-ui/shipping-quote` (its own entry: react-hook-form stays out of the pages that
 * do not quote). The presentational parts, once for every app:
 * - `ShippingOptions`: the options of a quote, each with its name, carrier, price ('Grátis' when
 *   free shipping made it 0) and 'x a y dias úteis', as a list to read (the product page, the cart).
 * - `ShippingOptionsChoice`: the same options to choose from (the checkout): a radio per option,
 *   `value` and `onChange` by `serviceId`. The widget shows it when given as `renderOptions`; it is
 *   a component of its own so the pages that only read quotes carry no radio styles (the CSS
 *   budget counts every class a page's code can reach).
 * - `ShippingQuoteResult`: the options (read, or as `renderOptions` draws them), with the table
 *   notice (contracts `FREIGHT_TABLE_NOTICE`) when the store's freight table priced them
 *   (`source: 'table'`).
 * - `freeShippingHint`: 'Frete grátis a partir de R$ 299,00' (for the regions, when limited).
 * And `ShippingQuoteWidget`, the CEP field (masked `00000-000`, contracts `maskCep`, validated by
 * the CEP lookup's `cepLookupParamsSchema`) with 'Calcular', which asks `POST /api/shipping/quotes`
 * (lib/shipping-quote.ts) for `items` and shows the result, or the service's pt-BR message
 * (400 a CEP in no state, 404 a product not for sale) or a generic one (network, 5xx). The
 * notice and the errors are lines in the form's hint and error styles (an `Alert` would add its
 * styles to the storefront's CSS budget, which has no room for them).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { maskCep } from '@prata/contracts/orders';
import {
  FREIGHT_TABLE_NOTICE,
  SHIPPING_REGION_NAMES,
  cepLookupParamsSchema,
  type ShippingOption,
  type ShippingQuote,
  type ShippingQuoteRequest,
  type StoreOffers,
} from '@prata/contracts/shipping';
import { businessDaysText, formatBRL } from '../lib/format.ts';
import { getShippingQuoteQueryOptions, shippingQuoteErrorMessage } from '../lib/shipping-quote.ts';
import { Button } from './button.tsx';
import { Input, RadioGroup } from './form.tsx';
import { Form, FormField, useZodForm } from './zod-form.tsx';
import formStyles from './form.module.css';
import styles from './shipping-quote.module.css';

export { getShippingQuote, getShippingQuoteQueryOptions, shippingQuoteErrorMessage, SHIPPING_QUOTE_FAILED_MESSAGE } from '../lib/shipping-quote.ts';

/** An option's price as the shopper reads it: 'Grátis' for 0, else BRL ('R$ 84,30'). */
export function shippingPriceText(option: Pick<ShippingOption, 'priceCents'>): string {
  return option.priceCents === 0 ? 'Grátis' : formatBRL(option.priceCents);
}

/**
 * The free-shipping line of the store's offers, or null without a threshold: 'Frete grátis a
 * partir de R$ 299,00', followed by ' para Sudeste e Sul' when it holds only in some regions.
 */
export function freeShippingHint({ freeShippingThresholdCents, freeShippingRegions }: Pick<StoreOffers, 'freeShippingThresholdCents' | 'freeShippingRegions'>): string | null {
  if (freeShippingThresholdCents === null) return null;
  const names = (freeShippingRegions ?? []).map((region) => SHIPPING_REGION_NAMES[region]);
  const where = names.length > 1 ? ` para ${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : names.length === 1 ? ` para ${names[0]}` : '';
  return `Frete grátis a partir de ${formatBRL(freeShippingThresholdCents)}${where}`;
}

/** Said when no service delivers to the CEP. */
export const NO_SHIPPING_OPTIONS_MESSAGE = 'Nenhuma opção de entrega para este CEP.';

/** The options of a quote, to read (see the module doc). */
export function ShippingOptions({ options }: { options: readonly ShippingOption[] }) {
  if (options.length === 0) return <p className={formStyles.hint}>{NO_SHIPPING_OPTIONS_MESSAGE}</p>;
  return (
    <ul className={styles.options} aria-label="Opções de entrega" data-testid="shipping-options">
      {options.map((option) => (
        <li key={option.serviceId}>
          <span>
            <strong>{option.name}</strong> ({option.carrier})
            <br />
            <span className={formStyles.hint}>{businessDaysText(option)}</span>
          </span>
          <strong>{shippingPriceText(option)}</strong>
        </li>
      ))}
    </ul>
  );
}

export interface ShippingOptionsChoiceProps {
  options: readonly ShippingOption[];
  /** The chosen option's `serviceId` (null: none yet). */
  value: string | null;
  onChange: (serviceId: string) => void;
}

/** The options of a quote to choose from, a radio per option ('Opções de entrega'), by `serviceId`. */
export function ShippingOptionsChoice({ options, value, onChange }: ShippingOptionsChoiceProps) {
  if (options.length === 0) return <p className={formStyles.hint}>{NO_SHIPPING_OPTIONS_MESSAGE}</p>;
  return (
    <RadioGroup
      legend="Opções de entrega"
      name="shipping-option"
      value={value}
      onValueChange={onChange}
      options={options.map((option) => ({ value: option.serviceId, label: `${option.name} (${option.carrier}): ${shippingPriceText(option)}`, hint: businessDaysText(option) }))}
    />
  );
}

/** Draws a quote's options in place of the list to read (e.g. `ShippingOptionsChoice` at the checkout). */
export type RenderShippingOptions = (options: readonly ShippingOption[]) => ReactNode;

/** A quote's options with the table notice when the store's table priced them. */
export function ShippingQuoteResult({ quote, renderOptions }: { quote: ShippingQuote; renderOptions?: RenderShippingOptions | undefined }) {
  return (
    <>
      {quote.source === 'table' ? <p className={formStyles.hint}>{FREIGHT_TABLE_NOTICE}</p> : null}
      {renderOptions ? renderOptions(quote.options) : <ShippingOptions options={quote.options} />}
    </>
  );
}

export interface ShippingQuoteWidgetProps {
  /** The lines to quote: the product page's piece (chosen variant, quantity 1), or every cart line. */
  items: ShippingQuoteRequest['items'];
  /** The CEP remembered (the cart store's `shippingCep`): fills an untouched field. */
  savedCep?: string | null | undefined;
  /** Quotes the remembered CEP at once (the cart, the checkout); otherwise 'Calcular' does. */
  autoQuote?: boolean;
  /** Called with the CEP (`00000-000`) of each quote asked for, to remember it. */
  onCepQuoted?: ((cep: string) => void) | undefined;
  /** The store's free shipping (`useStoreOffers()`), for the hint under the field. */
  freeShipping?: Pick<StoreOffers, 'freeShippingThresholdCents' | 'freeShippingRegions'> | undefined;
  /** Draws the options instead of the list to read: the checkout's choice, `(options) => <ShippingOptionsChoice options={options} value={...} onChange={...} />`. */
  renderOptions?: RenderShippingOptions | undefined;
  /** Called with each quote answered, and null while there is none (e.g. to pick a default option). */
  onQuote?: ((quote: ShippingQuote | null) => void) | undefined;
}

/** The CEP field, 'Calcular' and the quote for `items` (see the module doc). */
export function ShippingQuoteWidget({ items, savedCep, autoQuote = false, onCepQuoted, freeShipping, renderOptions, onQuote }: ShippingQuoteWidgetProps) {
  const form = useZodForm(cepLookupParamsSchema, { defaultValues: { cep: '' } });
  // The CEP asked for with 'Calcular'; before that, with autoQuote, the remembered one.
  const [asked, setAsked] = useState<string | null>(null);
  const zipCode = asked ?? (autoQuote && savedCep ? savedCep.replace('-', '') : null);
  const quote = useQuery({ ...getShippingQuoteQueryOptions({ zipCode: zipCode ?? '', items }), enabled: zipCode !== null });
  const answered = zipCode === null ? null : (quote.data ?? null);

  useEffect(() => {
    if (savedCep && !form.getFieldState('cep').isDirty && form.getValues('cep') === '') form.setValue('cep', savedCep);
  }, [savedCep, form]);

  useEffect(() => {
    onQuote?.(answered);
  }, [answered, onQuote]);

  const hint = freeShipping ? freeShippingHint(freeShipping) : null;
  return (
    <div className={formStyles.field} data-testid="shipping-quote">
      <Form
        form={form}
        className={styles.form}
        aria-label="Calcular frete"
        onSubmit={({ cep }) => {
          setAsked(cep);
          onCepQuoted?.(maskCep(cep));
        }}
      >
        <FormField control={form.control} name="cep" label="Calcular frete e prazo" hint={hint ?? undefined} format={maskCep}>
          {(control) => <Input {...control} inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" maxLength={9} />}
        </FormField>
        <Button type="submit" variant="outline" loading={zipCode !== null && quote.isFetching}>
          Calcular
        </Button>
      </Form>
      {zipCode !== null && quote.error ? (
        <p className={formStyles.error} role="alert">
          {shippingQuoteErrorMessage(quote.error)}
        </p>
      ) : null}
      {answered ? <ShippingQuoteResult quote={answered} renderOptions={renderOptions} /> : null}
    </div>
  );
}
