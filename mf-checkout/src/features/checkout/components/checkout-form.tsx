/**
 * Checkout form (storefront.md 3, 4, 5, 8, 9): contact and shipping fields, the delivery option,
 * coupon, store credit, the payment method and the order summary. react-hook-form with the
 * contracts' `checkoutFormSchema`, so the browser and the service refuse the same input; the
 * service's 400 issues land on their fields.
 *
 * What it guarantees: the card number and CVV go only to the acquirer (its secure fields, or a
 * plain test form in the sandbox, shown only once the payment configuration says the store uses
 * the sandbox; without it, or without the acquirer's SDK, the card option shows a retry and PIX
 * and boleto stay open: card-payment-unavailable.tsx); each attempt sends one Idempotency-Key,
 * reused when that attempt is retried after a network failure or a 5xx, so a retry cannot charge
 * twice; the summary prices with contracts' `priceOrder`, the function the service charges with.
 * A definitive refusal (400, 402, 404, 409, 429) shows the service's message and keeps the cart.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { BOLETO_BUSINESS_DAYS, BRAZILIAN_STATES, BRAZILIAN_STATE_NAMES, MAX_SAVED_ADDRESSES, PIX_EXPIRY_MS, formatCpf, maskCep, priceOrder, type BrazilianState, type CepAddress, type Order, type ShippingOption, type CheckoutCustomer } from '@prata/contracts';
import { Alert, Button, Checkbox, Input, RadioGroup, Select, formatBRL, useStoreOffers, type SelectOption } from '@prata/shared-ui';
import { toast, trackEvent, useSessionStore, type CartItem } from '@prata/shared-ui/state';
import { cartEvent } from '../utils/analytics-events.ts';
import { FormField, setServerErrors, useController, useWatch, useZodForm, type UseFormReturn } from '@prata/shared-ui/form';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCepAutofill } from '../../../lib/cep-lookup.ts';
import { useShippingQuote } from '../../../lib/shipping-quote.ts';
import { useCouponCheck } from '../../../lib/coupon-check.ts';
import { useCreateSavedAddress, useSavedAddresses } from '../../../lib/saved-addresses.ts';
import { useStoreCredit } from '../../../lib/store-credit.ts';
import { usePlaceOrder } from '../api/create-order.ts';
import { usePaymentConfig } from '../../../lib/payment-config.ts';
import { leaveFor } from '../../../lib/leave-for.ts';
import { useIdempotencyKeys } from '../hooks/use-idempotency-keys.ts';
import { useInstallmentChoices } from '../hooks/use-installment-choices.ts';
import {
  FIELD_LABELS,
  checkoutFormSchema,
  formatCardCvv,
  formatCardExpiry,
  formatCardNumber,
  cvvLengthFor,
  fieldErrorsOf,
  initialCheckoutValues,
  paymentMethodOptions,
  serverIssueField,
  type CheckoutField,
  type CheckoutValues,
  type PaymentDraft,
  type PaymentMethodOption,
} from '../utils/checkout-values.ts';
import type { SecureCard } from '../api/create-card-token.ts';
import { ErrorSummary } from './error-summary.tsx';
import { SavedAddressPicker } from './saved-address-picker.tsx';
import { SecureCardFields } from './secure-card-fields.tsx';
import { CARD_PAYMENT_UNAVAILABLE, CardPaymentUnavailable, cardEntryOf } from './card-payment-unavailable.tsx';
import { TestModeNotice } from '../../../components/test-mode-notice.tsx';
import { CouponField } from './coupon-field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ShippingOptions } from './shipping-options.tsx';
import { WhatsAppOptIn } from './whatsapp-opt-in.tsx';
import { GiftOptions } from './gift-options.tsx';
import { NO_GIFT, engravingCentsOf, giftOf, giftWrapCentsOf, orderLinesOf, productionDaysOf } from '../utils/cart-gifts.ts';
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
  /** A coupon applied in the cart, applied here too. */
  initialCouponCode?: string | null;
  /** The CEP the cart quoted (the cart store's `shippingCep`), prefilled. */
  defaultZipCode?: string | null;
  onPlaced(order: Order): void;
}

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state, label: `${state} - ${BRAZILIAN_STATE_NAMES[state]}` }));

type CheckoutForm = UseFormReturn<CheckoutValues, unknown, { customer: CheckoutCustomer; payment: PaymentDraft }>;

interface TextOptions {
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
  wide?: boolean;
  hint?: ReactNode;
  placeholder?: string;
  format?: (typed: string) => string;
}

/** The checkout form: contact, address, payment and the order summary. */
export function CheckoutForm({ items, pricesReady, defaultEmail, initialCouponCode = null, defaultZipCode = null, onPlaced }: CheckoutFormProps) {
  const paymentConfig = usePaymentConfig();
  const cardEntry = cardEntryOf(paymentConfig.data);
  // Card details are checked in the page only for the sandbox's test form; elsewhere they are never typed there.
  const secureFields = cardEntry.kind !== 'sandbox-form';
  const [sdkFailed, setSdkFailed] = useState(false);
  const onSdkFailure = useCallback(() => setSdkFailed(true), []);
  const cardUnavailable = cardEntry.kind === 'unavailable' || (cardEntry.kind === 'secure-fields' && sdkFailed);
  /** Loads again what the card entry is missing: the payment configuration, or MercadoPago.js (its fields remount). */
  const retryCard = () => (cardEntry.kind === 'unavailable' ? void paymentConfig.refetch() : setSdkFailed(false));
  // Errors stay until their field is edited or the form is sent again (no re-validation while typing);
  // the error summary takes focus, not the first field. Whether the store credit pays the whole
  // order (no payment field to check) is asked on submit, once the render below has priced it.
  const form: CheckoutForm = useZodForm(checkoutFormSchema({ secureFields, paidByCredit: () => paidByCredit }), {
    defaultValues: { ...initialCheckoutValues(defaultEmail), zipCode: defaultZipCode ?? '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [paymentMethod, cardNumber, zipCode] = useWatch({ control: form.control, name: ['paymentMethod', 'cardNumber', 'zipCode'] });
  /** Bumped whenever errors are shown, so the summary takes focus again. */
  const [focusKey, setFocusKey] = useState(0);
  const keys = useIdempotencyKeys();
  const createOrder = usePlaceOrder();
  const processing = createOrder.isPending;
  const secureCard = useRef<SecureCard | null>(null);
  const savedAddresses = useSavedAddresses();
  const createAddress = useCreateSavedAddress();
  const [saveAddress, setSaveAddress] = useState(false);
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  const [pickedAddress, setPickedAddress] = useState(false);
  const canSaveAddress = !pickedAddress && savedAddresses.isSuccess && savedAddresses.data.length < MAX_SAVED_ADDRESSES;
  const setSecureCard = useCallback((card: SecureCard | null) => {
    secureCard.current = card;
  }, []);
  const subtotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const lines = useMemo(() => items.map((item) => ({ productId: item.id, variantId: item.variantId ?? null, quantity: item.quantity })), [items]);
  const quote = useShippingQuote(zipCode, lines);
  const [shipping, setShipping] = useState<ShippingOption | null>(null);
  const [shippingError, setShippingError] = useState<string | undefined>();
  const chooseShipping = useCallback((option: ShippingOption | null) => {
    setShipping(option);
    setShippingError(undefined);
    // A state setter is stable; named because the React Compiler does not infer it here and would skip the component.
  }, [setShippingError]);
  const [couponCode, setCouponCode] = useState<string | null>(initialCouponCode);
  const couponCheck = useCouponCheck(couponCode, subtotal, shipping?.priceCents ?? 0);
  const coupon = couponCode && couponCheck.data && !couponCheck.error ? couponCheck.data : null;
  const { pixDiscountPercent, giftWrap } = useStoreOffers();
  const [gift, setGift] = useState(NO_GIFT);
  // Store credit: fetched for a signed-in shopper only; a balance of 0 shows nothing.
  const signedIn = useSessionStore((state) => state.user !== null);
  const storeCredit = useStoreCredit(signedIn);
  const creditBalance = Math.max(0, storeCredit.data?.balanceCents ?? 0);
  const [spendCredit, setSpendCredit] = useState(true);
  const creditUsed = spendCredit ? creditBalance : 0;
  const pricingInput = { subtotalCents: subtotal, shippingCents: shipping?.priceCents ?? 0, coupon, pixDiscountPercent, storeCreditBalanceCents: creditUsed, giftWrapCents: giftWrapCentsOf(gift, giftWrap), engravingCents: engravingCentsOf(items) };
  // Paid by credit alone, no method is chosen, so no PIX discount: the service prices it so too.
  const byCreditAlone = priceOrder({ ...pricingInput, paysByPix: false });
  const paidByCredit = creditUsed > 0 && shipping !== null && byCreditAlone.amountDueCents === 0;
  const priced = paidByCredit ? byCreditAlone : priceOrder({ ...pricingInput, paysByPix: paymentMethod === 'pix' });
  const pricing = { ...priced, shippingCents: shipping ? priced.shippingCents : null, couponCode: coupon?.code ?? null };
  // What the chosen method charges: the total less the credit (the instalments split it).
  const amountDue = priced.amountDueCents;
  const installmentSelect = useInstallmentChoices(form, amountDue);
  const errors = fieldErrorsOf(form.formState.errors);
  const showErrors = () => setFocusKey((key) => key + 1);

  const place = ({ customer, payment }: { customer: CheckoutCustomer; payment: PaymentDraft }) => {
    const config = paymentConfig.data;
    if (payment.method === 'credit-card' && !config) {
      toast.error('Erro no processamento', { description: CARD_PAYMENT_UNAVAILABLE });
      void paymentConfig.refetch();
      return;
    }
    if (!shipping) {
      setShippingError('Escolha uma forma de entrega');
      toast.error('Erro no processamento', { description: 'Informe o CEP e escolha uma forma de entrega.' });
      return;
    }
    const attempt = {
      items: orderLinesOf(items),
      ...giftOf(gift),
      customer,
      payment,
      shipping: { serviceId: shipping.serviceId, priceCents: shipping.priceCents },
      ...(coupon ? { couponCode: coupon.code } : {}),
      // The credit the summary shows: the service refuses another figure (409 'store_credit_changed').
      ...(creditUsed > 0 ? { useStoreCredit: true, storeCreditCents: priced.storeCreditCents } : {}),
      ...(whatsappOptIn ? { whatsappOptIn } : {}),
    };
    createOrder.mutate(
      { ...attempt, config, idempotencyKey: keys.keyFor(attempt), secureCard: secureCard.current },
      {
        onSuccess: (order) => {
          keys.settle();
          if (order.status === 'cancelled') {
            toast.error('Erro no processamento', { description: 'O pagamento não foi aprovado. Verifique os dados ou use outra forma de pagamento.' });
            return;
          }
          if (saveAddress && canSaveAddress) saveTypedAddress(customer);
          // 'Parcelamento sem cartão': the shopper pays at Mercado Pago, which sends them back to the order's page.
          if (order.payment.credits) leaveFor(order.payment.credits.checkoutUrl);
          else onPlaced(order);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && DEFINITIVE_STATUSES.has(error.status)) {
            keys.settle();
            toast.error('Erro no processamento', { description: error.message });
            // The freight changed since it was quoted: quote again so the shopper sees the new price.
            // (A 409 'store_credit_short' or 'store_credit_changed' needs nothing more: `usePlaceOrder` reads the balance again.)
            if (error.status === 409 && error.body?.error === 'shipping_changed') void quote.refetch();
            if (error.status === 400 && error.body?.issues && setServerErrors(form, error.body.issues, serverIssueField) > 0) showErrors();
            return;
          }
          // Unknown outcome: the same attempt keeps its key, so a retry cannot charge twice.
          toast.error('Erro no processamento', { description: RETRY_LATER });
        },
      },
    );
  };

  /** Saves the order's address to the account (the 'Guardar na minha conta' checkbox); a failure only toasts. */
  const saveTypedAddress = (customer: CheckoutCustomer) => {
    const { zipCode, street, number, complement, neighborhood, city, state: uf } = customer;
    createAddress.mutate(
      { label: `Endereço ${(savedAddresses.data?.length ?? 0) + 1}`, zipCode, street, number, complement, neighborhood, city, state: uf as BrazilianState },
      { onError: () => toast.error('Endereço não salvo', { description: 'O pedido foi feito, mas não conseguimos salvar o endereço na sua conta.' }) },
    );
  };
  const fillAddress = (fields: Partial<Record<CheckoutField, string>>) => {
    for (const [field, value] of Object.entries(fields) as [CheckoutField, string][]) form.setValue(field, value, { shouldDirty: true });
    form.clearErrors(Object.keys(fields) as CheckoutField[]);
    setPickedAddress(true);
  };
  /** The CEP's address fills the fields it knows (a city-wide CEP has no street); the number is the shopper's. */
  const cepStatus = useCepAutofill(zipCode, (address: CepAddress) => {
    const known = Object.entries({ street: address.street, neighborhood: address.neighborhood, city: address.city, state: address.state }).filter(([, value]) => value);
    for (const [field, value] of known) form.setValue(field as CheckoutField, value, { shouldDirty: true });
    form.clearErrors(known.map(([field]) => field as CheckoutField));
  });

  const cvvLength = cvvLengthFor(cardNumber);
  const clearError = (field: CheckoutField) => () => form.clearErrors(field);
  const text = (field: CheckoutField, props: TextOptions = {}) => (
    <div className={props.wide ? styles.wide : undefined}>
      <FormField control={form.control} name={field} id={fieldId(field)} label={FIELD_LABELS[field]} hint={props.hint} format={props.format} onValueChange={clearError(field)}>
        {(control) => (
          <Input {...control} type={props.type ?? 'text'} autoComplete={props.autoComplete} inputMode={props.inputMode} maxLength={props.maxLength} placeholder={props.placeholder} />
        )}
      </FormField>
    </div>
  );
  const select = (field: CheckoutField, options: readonly SelectOption[], extra: { autoComplete?: string; placeholder?: string } = {}) => (
    <FormField control={form.control} name={field} id={fieldId(field)} label={FIELD_LABELS[field]} onValueChange={clearError(field)}>
      {(control) => <Select {...control} options={options} {...extra} />}
    </FormField>
  );
  const installments = <div className={styles.wide}>{select('installments', installmentSelect)}</div>;

  return (
    <form
      className={styles.layout}
      noValidate
      aria-label="Finalizar compra"
      onSubmit={(event) => {
        event.preventDefault();
        if (processing || !pricesReady) return;
        if (paymentMethod === 'credit-card' && cardUnavailable && !paidByCredit) {
          toast.error('Pagamento com cartão indisponível', { description: CARD_PAYMENT_UNAVAILABLE });
          return;
        }
        void form.handleSubmit(place, showErrors)(event);
      }}
    >
      <div className={styles.form}>
        {paymentConfig.data?.testMode ? <TestModeNotice simulation={paymentConfig.data.simulation} /> : null}
        <ErrorSummary errors={errors} fieldId={fieldId} focusKey={focusKey} />
        <fieldset className={styles.section}>
          <legend>Dados pessoais</legend>
          <div className={styles.grid}>
            {text('fullName', { autoComplete: 'name', wide: true })}
            {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '(11) 98765-4321' })}
            {text('cpf', { inputMode: 'numeric', placeholder: '000.000.000-00', hint: 'Para a nota fiscal', format: formatCpf })}
          </div>
          <WhatsAppOptIn id={fieldId('whatsappOptIn')} checked={whatsappOptIn} onChange={setWhatsappOptIn} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend>Endereço de entrega</legend>
          <SavedAddressPicker onPick={fillAddress} />
          <div className={styles.grid}>
            {text('zipCode', { autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '00000-000', format: maskCep, hint: cepStatus ? <span role="status">{cepStatus.message}</span> : undefined })}
            {text('street', { autoComplete: 'address-line1', wide: true })}
            {text('number', { inputMode: 'text' })}
            {text('complement', { autoComplete: 'address-line2', hint: 'Opcional' })}
            {text('neighborhood', { autoComplete: 'address-level3' })}
            {text('city', { autoComplete: 'address-level2' })}
            <div>{select('state', STATE_OPTIONS, { autoComplete: 'address-level1', placeholder: 'Selecione' })}</div>
          </div>
          {canSaveAddress ? <Checkbox id={fieldId('saveAddress')} name="saveAddress" label="Guardar na minha conta para as próximas compras" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} /> : null}
        </fieldset>
        <ShippingOptions quote={quote} cepComplete={zipCode.replace(/\D/g, '').length === 8} value={shipping} onChange={chooseShipping} error={shippingError} />
        <CouponField code={couponCode} check={couponCheck} onApply={setCouponCode} />
        <fieldset className={styles.section}>
          <legend>Pagamento</legend>
          {creditBalance > 0 ? (
            <Checkbox
              id={fieldId('useStoreCredit')}
              name="useStoreCredit"
              label={`Usar meu crédito na loja (${formatBRL(creditBalance)} disponível)`}
              checked={spendCredit}
              onChange={(event) => setSpendCredit(event.target.checked)}
            />
          ) : null}
          {paidByCredit ? (
            <Alert variant="success" data-testid="paid-by-credit">
              Seu crédito na loja cobre este pedido.
            </Alert>
          ) : (
            <>
              <PaymentMethodField form={form} error={errors.paymentMethod} items={items} options={paymentMethodOptions(paymentConfig.data)} />
              {paymentMethod === 'credit-card' && cardUnavailable ? (
                <div className={styles.grid}>
                  <CardPaymentUnavailable retrying={paymentConfig.isFetching} onRetry={retryCard} />
                </div>
              ) : paymentMethod === 'credit-card' && cardEntry.kind === 'secure-fields' ? (
                <div className={styles.grid}>
                  <SecureCardFields sdkUrl={cardEntry.sdkUrl} publicKey={cardEntry.publicKey} errors={errors} fieldId={fieldId} onChange={setSecureCard} onFailure={onSdkFailure} />
                  {text('cardName', { autoComplete: 'cc-name', wide: true, hint: 'Como impresso no cartão' })}
                  {installments}
                </div>
              ) : paymentMethod === 'credit-card' && cardEntry.kind === 'sandbox-form' ? (
                <div className={styles.grid}>
                  {text('cardNumber', { autoComplete: 'cc-number', inputMode: 'numeric', wide: true, placeholder: '0000 0000 0000 0000', format: formatCardNumber })}
                  {text('cardName', { autoComplete: 'cc-name', wide: true, hint: 'Como impresso no cartão' })}
                  {text('cardExpiry', { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/AA', hint: 'MM/AA', format: formatCardExpiry })}
                  {text('cardCvv', {
                    autoComplete: 'cc-csc',
                    inputMode: 'numeric',
                    maxLength: cvvLength,
                    placeholder: cvvLength === 4 ? '1234' : '123',
                    format: (typed) => formatCardCvv(typed, cvvLength),
                  })}
                  {installments}
                </div>
              ) : paymentMethod === 'pix' ? (
                <Alert variant="info">
                  Após finalizar, você verá o QR Code e o código PIX copia e cola. O pagamento deve ser feito em até {PIX_EXPIRY_MS / 60_000} minutos.
                </Alert>
              ) : paymentMethod === 'mercadopago-credits' ? (
                <Alert variant="info">Após finalizar, você será levado ao Mercado Pago para escolher as parcelas e concluir o pagamento.</Alert>
              ) : (
                <div className={styles.grid}>
                  {text('payerCpf', { inputMode: 'numeric', placeholder: '000.000.000-00', hint: 'O boleto é registrado no CPF de quem paga.', format: formatCpf })}
                  <div className={styles.wide}>
                    <Alert variant="info">Após finalizar, você verá a linha digitável do boleto, com vencimento em {BOLETO_BUSINESS_DAYS} dias úteis.</Alert>
                  </div>
                </div>
              )}
            </>
          )}
        </fieldset>

        <GiftOptions wrap={giftWrap} choices={gift} onChange={setGift} productionDays={productionDaysOf(items)} />
        <Button type="submit" className={styles.submit} disabled={processing || !pricesReady} aria-busy={processing}>
          {processing ? 'Processando...' : 'Finalizar Pedido'}
        </Button>
      </div>
      <OrderSummary items={items} pricing={pricing} shipping={shipping} productionDays={productionDaysOf(items)} />
    </form>
  );
}

/** The payment method cards, bound to the form's `paymentMethod`; a choice is reported as `add_payment_info`. */
function PaymentMethodField({ form, error, items, options }: { form: CheckoutForm; error: string | undefined; items: readonly CartItem[]; options: readonly PaymentMethodOption[] }) {
  const {
    field: { value, onChange },
  } = useController({ control: form.control, name: 'paymentMethod' });
  return (
    <RadioGroup
      id={fieldId('paymentMethod')}
      legend={FIELD_LABELS.paymentMethod}
      name="paymentMethod"
      variant="cards"
      options={options}
      value={value}
      onValueChange={(method) => {
        onChange(method);
        form.clearErrors('paymentMethod');
        trackEvent(cartEvent('add_payment_info', items, method));
      }}
      error={error}
    />
  );
}
