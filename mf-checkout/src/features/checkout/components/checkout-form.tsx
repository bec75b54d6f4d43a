/**
 * Checkout form (storefront.md 3, 4, 5, 8, 9): contact and shipping fields (e-mail prefilled),
 * the state (SP, RJ, MG, RS, PR, SC), the payment method (card, PIX, boleto) with the card
 * fields and 1x..12x instalments, and the order summary.
 *
 * Submit validates with the contracts' schemas; invalid input lists 'field: message' under
 * 'Dados inválidos', each message also tied to its input (aria-describedby). A valid card is
 * tokenised at the acquirer first (its number and CVV never reach the store's service; CVV of
 * the brand's length, 4 for Amex); a boleto asks for the payer's CPF. The order is sent with one
 * Idempotency-Key per attempt (reused when the same attempt is retried after a network failure
 * or 5xx) while the button says 'Processando...'. Failures toast 'Erro no processamento' with
 * 'Tente novamente em alguns instantes.', or the service's message for a definitive answer
 * (400, 402, 404, 409, 429); the cart is kept. Instalments add up exactly to the total. In test
 * mode (sandbox or test credentials) a 'Modo de teste' notice says no real payment is made.
 * With Mercado Pago (the payment config names its SDK) the number, expiry and CVV are the
 * acquirer's secure fields (secure-card-fields.tsx, issue 21); the sandbox keeps a plain test form.
 */
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BOLETO_BUSINESS_DAYS, CHECKOUT_STATES, MAX_INSTALLMENTS, PAYMENT_METHODS, PIX_EXPIRY_MS, formatCpf, type Order } from '@prata/contracts';
import { Alert, Button, RadioGroup, SelectField, TextField, toast, type CartItem } from '@prata/shared-ui';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePlaceOrder } from '../api/create-order.ts';
import { usePaymentConfig } from '../../../lib/payment-config.ts';
import { useIdempotencyKeys } from '../hooks/use-idempotency-keys.ts';
import {
  FIELD_LABELS,
  PAYMENT_METHOD_LABELS,
  STATE_NAMES,
  formatCardCvv,
  formatCardExpiry,
  formatCardNumber,
  cvvLengthFor,
  initialCheckoutValues,
  installmentLabel,
  serverIssuesToErrors,
  validateCheckout,
  type CheckoutField,
  type CheckoutValues,
  type FieldErrors,
} from '../utils/checkout-values.ts';
import type { SecureCard } from '../api/create-card-token.ts';
import { ErrorSummary } from './error-summary.tsx';
import { SecureCardFields } from './secure-card-fields.tsx';
import { TestModeNotice } from '../../../components/test-mode-notice.tsx';
import { OrderSummary } from './order-summary.tsx';
import styles from './checkout.module.css';

/** Statuses whose message is the service's definitive answer to this attempt. */
const DEFINITIVE_STATUSES = new Set([400, 402, 404, 409, 429]);
const RETRY_LATER = 'Tente novamente em alguns instantes.';

export const fieldId = (field: string) => `checkout-${field}`;

export interface CheckoutFormProps {
  items: readonly CartItem[];
  /** False while the cart's prices are being refreshed: the order waits for current prices. */
  pricesReady: boolean;
  /** The signed-in shopper's e-mail (prefilled). */
  defaultEmail: string;
  onPlaced(order: Order): void;
}

const STATE_OPTIONS = CHECKOUT_STATES.map((state) => ({ value: state, label: `${state} - ${STATE_NAMES[state]}` }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

/** The instalment choices for a total in BRL cents (amounts add up exactly; 1x is 'à vista'). */
const installmentOptions = (totalCents: number) =>
  Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1).map((count) => ({ value: String(count), label: installmentLabel(totalCents, count) }));

const FORMATTERS: Partial<Record<CheckoutField, (value: string, values: CheckoutValues) => string>> = {
  cardNumber: formatCardNumber,
  cardExpiry: formatCardExpiry,
  cardCvv: (value, values) => formatCardCvv(value, cvvLengthFor(values.cardNumber)),
  payerCpf: formatCpf,
};

export function CheckoutForm({ items, pricesReady, defaultEmail, onPlaced }: CheckoutFormProps) {
  const [values, setValues] = useState<CheckoutValues>(() => initialCheckoutValues(defaultEmail));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusKey, setFocusKey] = useState(0);
  const keys = useIdempotencyKeys();
  const createOrder = usePlaceOrder();
  const paymentConfig = usePaymentConfig();
  const processing = createOrder.isPending;
  const secureCard = useRef<SecureCard | null>(null);
  const setSecureCard = useCallback((card: SecureCard | null) => {
    secureCard.current = card;
  }, []);
  const sdk = paymentConfig.data?.sdkUrl && paymentConfig.data.publicKey ? { sdkUrl: paymentConfig.data.sdkUrl, publicKey: paymentConfig.data.publicKey } : null;
  const total = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);

  const change = (field: CheckoutField, raw: string) => {
    setValues((current) => ({ ...current, [field]: FORMATTERS[field]?.(raw, current) ?? raw }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setFocusKey((key) => key + 1);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing || !pricesReady) return;
    const config = paymentConfig.data;
    const result = validateCheckout(values, { secureFields: Boolean(config?.sdkUrl && config.publicKey) });
    if (!result.success) {
      showErrors(result.errors);
      return;
    }
    if (!config) {
      toast.error('Erro no processamento', { description: RETRY_LATER });
      void paymentConfig.refetch();
      return;
    }
    setErrors({});
    const attempt = { items: items.map((item) => ({ productId: item.id, quantity: item.quantity })), customer: result.customer, payment: result.payment };
    createOrder.mutate(
      { ...attempt, config, idempotencyKey: keys.keyFor(attempt), secureCard: secureCard.current },
      {
        onSuccess: (order) => {
          keys.settle();
          if (order.status === 'cancelled') {
            toast.error('Erro no processamento', { description: 'O pagamento não foi aprovado. Verifique os dados ou use outra forma de pagamento.' });
            return;
          }
          onPlaced(order);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && DEFINITIVE_STATUSES.has(error.status)) {
            keys.settle();
            toast.error('Erro no processamento', { description: error.message });
            if (error.status === 400 && error.body?.issues) showErrors(serverIssuesToErrors(error.body.issues));
            return;
          }
          // Unknown outcome: the same attempt keeps its key, so a retry cannot charge twice.
          toast.error('Erro no processamento', { description: RETRY_LATER });
        },
      },
    );
  };

  const cvvLength = cvvLengthFor(values.cardNumber);
  const text = (field: CheckoutField, props: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' | 'text'; maxLength?: number; wide?: boolean; hint?: ReactNode; placeholder?: string } = {}) => (
    <div className={props.wide ? styles.wide : undefined}>
      <TextField
        id={fieldId(field)}
        label={FIELD_LABELS[field]}
        error={errors[field]}
        hint={props.hint}
        name={field}
        type={props.type ?? 'text'}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
      />
    </div>
  );

  return (
    <form className={styles.layout} onSubmit={submit} noValidate aria-label="Finalizar compra">
      <div className={styles.form}>
        {paymentConfig.data?.testMode ? <TestModeNotice simulation={paymentConfig.data.simulation} /> : null}
        <ErrorSummary errors={errors} fieldId={fieldId} focusKey={focusKey} />
        <fieldset className={styles.section}>
          <legend>Dados pessoais</legend>
          <div className={styles.grid}>
            {text('fullName', { autoComplete: 'name', wide: true })}
            {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '(11) 98765-4321' })}
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>Endereço de entrega</legend>
          <div className={styles.grid}>
            {text('zipCode', { autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '00000-000' })}
            {text('street', { autoComplete: 'address-line1', wide: true })}
            {text('number', { inputMode: 'text' })}
            {text('complement', { autoComplete: 'address-line2', hint: 'Opcional' })}
            {text('neighborhood', { autoComplete: 'address-level3' })}
            {text('city', { autoComplete: 'address-level2' })}
            <div>
              <SelectField
                id={fieldId('state')}
                label={FIELD_LABELS.state}
                error={errors.state}
                name="state"
                value={values.state}
                onChange={(event) => change('state', event.target.value)}
                autoComplete="address-level1"
                placeholder="Selecione"
                options={STATE_OPTIONS}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>Pagamento</legend>
          <RadioGroup
            id={fieldId('paymentMethod')}
            legend={FIELD_LABELS.paymentMethod}
            name="paymentMethod"
            variant="cards"
            options={METHOD_OPTIONS}
            value={values.paymentMethod}
            onValueChange={(method) => change('paymentMethod', method)}
            error={errors.paymentMethod}
          />

          {values.paymentMethod === 'credit-card' && sdk ? (
            <div className={styles.grid}>
              <SecureCardFields sdkUrl={sdk.sdkUrl} publicKey={sdk.publicKey} errors={errors} fieldId={fieldId} onChange={setSecureCard} />
              {text('cardName', { autoComplete: 'cc-name', wide: true, hint: 'Como impresso no cartão' })}
              <div className={styles.wide}>
                <SelectField
                  id={fieldId('installments')}
                  label={FIELD_LABELS.installments}
                  error={errors.installments}
                  name="installments"
                  value={values.installments}
                  onChange={(event) => change('installments', event.target.value)}
                  options={installmentOptions(total)}
                />
              </div>
            </div>
          ) : values.paymentMethod === 'credit-card' ? (
            <div className={styles.grid}>
              {text('cardNumber', { autoComplete: 'cc-number', inputMode: 'numeric', wide: true, placeholder: '0000 0000 0000 0000' })}
              {text('cardName', { autoComplete: 'cc-name', wide: true, hint: 'Como impresso no cartão' })}
              {text('cardExpiry', { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/AA', hint: 'MM/AA' })}
              {text('cardCvv', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: cvvLength, placeholder: cvvLength === 4 ? '1234' : '123' })}
              <div className={styles.wide}>
                <SelectField
                  id={fieldId('installments')}
                  label={FIELD_LABELS.installments}
                  error={errors.installments}
                  name="installments"
                  value={values.installments}
                  onChange={(event) => change('installments', event.target.value)}
                  options={installmentOptions(total)}
                />
              </div>
            </div>
          ) : values.paymentMethod === 'pix' ? (
            <Alert variant="info">
              Após finalizar, você verá o QR Code e o código PIX copia e cola. O pagamento deve ser feito em até {PIX_EXPIRY_MS / 60_000} minutos.
            </Alert>
          ) : (
            <div className={styles.grid}>
              {text('payerCpf', { inputMode: 'numeric', placeholder: '000.000.000-00', hint: 'O boleto é registrado no CPF de quem paga.' })}
              <div className={styles.wide}>
                <Alert variant="info">Após finalizar, você verá a linha digitável do boleto, com vencimento em {BOLETO_BUSINESS_DAYS} dias úteis.</Alert>
              </div>
            </div>
          )}
        </fieldset>

        <Button type="submit" className={styles.submit} disabled={processing || !pricesReady} aria-busy={processing}>
          {processing ? 'Processando...' : 'Finalizar Pedido'}
        </Button>
      </div>
      <OrderSummary items={items} state={values.state} />
    </form>
  );
}
