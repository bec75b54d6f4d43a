/**
 * The checkout form's values, pt-BR field labels and validation (storefront.md 3, 5): the SAME zod
 * schemas as the service and the acquirer's tokeniser
 * (`checkoutCustomerSchema`, `cardDetailsSchema`, `cpfSchema` of @prata/contracts), reduced to
 * the first message per field, in the form's order. A valid card is a draft for the acquirer's
 * tokenisation: its number and CVV are never sent with the order. An order the shopper's store
 * credit pays whole (`paidByCredit`) takes no payment fields: its payment is
 * `{ method: 'store-credit' }`. 'Parcelamento sem cartão' takes no fields either: the shopper pays
 * at Mercado Pago after the order is placed.
 */
import {
  CHECKOUT_PAYMENT_METHODS,
  CREDITS_CHECKOUT_DESCRIPTION,
  MAX_INSTALLMENTS,
  PAYMENT_METHOD_LABELS,
  cardBrandOf,
  cardDetailsSchema,
  cardholderNameSchema,
  checkoutCustomerSchema,
  checkoutMethods,
  cpfSchema,
  installmentSplitText,
  type CardBrand,
  type PaymentConfig,
  type InstallmentOption,
  type CheckoutCustomer,
} from '@prata/contracts';
import { formatBRL } from '@prata/shared-ui';
import { validatorSchema } from '@prata/shared-ui/form';
import { z } from 'zod';

export { PAYMENT_METHOD_LABELS };

/** One payment method card of the checkout: its label and, where it needs one, a short explanation. */
export interface PaymentMethodOption {
  value: (typeof CHECKOUT_PAYMENT_METHODS)[number];
  label: string;
  hint?: string;
}

/**
 * The payment methods the checkout offers, in order: card, PIX, boleto, and 'Parcelamento sem
 * cartão' (with 'Pague em até 12x pela sua conta Mercado Pago, sem cartão de crédito.') only when
 * the payment configuration says the acquirer offers it (`credits`; not while it is loading or failed).
 */
export function paymentMethodOptions(config: Pick<PaymentConfig, 'credits'> | null | undefined): PaymentMethodOption[] {
  return checkoutMethods(CHECKOUT_PAYMENT_METHODS, config).map((method) =>
    method === 'mercadopago-credits' ? { value: method, label: PAYMENT_METHOD_LABELS[method], hint: CREDITS_CHECKOUT_DESCRIPTION } : { value: method, label: PAYMENT_METHOD_LABELS[method] },
  );
}

export const CHECKOUT_FIELDS = [
  'fullName',
  'email',
  'phone',
  'cpf',
  'zipCode',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'paymentMethod',
  'cardNumber',
  'cardName',
  'cardExpiry',
  'cardCvv',
  'installments',
  'payerCpf',
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

/** pt-BR label of each field, used on the inputs and in the 'field: message' lines. */
export const FIELD_LABELS: Readonly<Record<CheckoutField, string>> = {
  fullName: 'Nome completo',
  email: 'Email',
  phone: 'Telefone',
  cpf: 'CPF',
  zipCode: 'CEP',
  street: 'Endereço',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  paymentMethod: 'Forma de pagamento',
  cardNumber: 'Número do cartão',
  cardName: 'Nome no cartão',
  cardExpiry: 'Validade',
  cardCvv: 'CVV',
  installments: 'Parcelas',
  payerCpf: 'CPF do pagador',
};

/** Empty form with the signed-in shopper's e-mail (storefront.md 3) and card payment in 1x. */
export function initialCheckoutValues(email = ''): CheckoutValues {
  const values = Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, ''])) as CheckoutValues;
  return { ...values, email, paymentMethod: 'credit-card', installments: '1' };
}

/** A valid payment before the card is tokenised. */
export type PaymentDraft =
  | { method: 'credit-card'; card: { cardNumber: string; cardName: string; cardExpiry: string; cardCvv: string }; cardBrand: CardBrand; installments: number }
  /** The acquirer's secure fields hold the card: only the holder's name is the page's. */
  | { method: 'credit-card'; secureFields: true; cardName: string; installments: number }
  | { method: 'pix' }
  | { method: 'boleto'; payerCpf: string }
  /** 'Parcelamento sem cartão': paid at Mercado Pago once the order is placed. */
  | { method: 'mercadopago-credits' }
  /** The shopper's store credit pays the whole order: no method is chosen. */
  | { method: 'store-credit' };

export type CheckoutValidation = { success: true; customer: CheckoutCustomer; payment: PaymentDraft } | { success: false; errors: FieldErrors };

const installmentsSchema = z.coerce.number().int().min(1, 'Parcelamento inválido').max(MAX_INSTALLMENTS, 'Parcelamento inválido');
const methodSchema = z.enum(CHECKOUT_PAYMENT_METHODS, { error: 'Forma de pagamento inválida' });

/** What decides which payment fields are checked. */
export interface CheckoutValidationOptions {
  /** The acquirer's secure fields hold the card number, expiry and CVV. */
  secureFields?: boolean;
  /** The shopper's store credit pays the whole order: no payment field is checked. */
  paidByCredit?: boolean;
}

function validatePayment(values: CheckoutValues, { secureFields = false, paidByCredit = false }: CheckoutValidationOptions): { success: true; payment: PaymentDraft } | { success: false; error: z.ZodError } {
  if (paidByCredit) return { success: true, payment: { method: 'store-credit' } };
  const method = methodSchema.safeParse(values.paymentMethod);
  if (!method.success) return { success: false, error: new z.ZodError(method.error.issues.map((issue) => ({ ...issue, path: ['paymentMethod'] }))) };
  if (method.data === 'pix') return { success: true, payment: { method: 'pix' } };
  if (method.data === 'mercadopago-credits') return { success: true, payment: { method: 'mercadopago-credits' } };
  if (method.data === 'boleto') {
    const cpf = z.object({ payerCpf: cpfSchema }).safeParse({ payerCpf: values.payerCpf });
    return cpf.success ? { success: true, payment: { method: 'boleto', payerCpf: cpf.data.payerCpf } } : { success: false, error: cpf.error };
  }
  if (secureFields) {
    // Number, expiry and CVV are checked by the acquirer's frames when the token is made.
    const card = z.object({ cardName: cardholderNameSchema, installments: installmentsSchema }).safeParse({ cardName: values.cardName, installments: values.installments });
    return card.success ? { success: true, payment: { method: 'credit-card', secureFields: true, ...card.data } } : { success: false, error: card.error };
  }
  const card = cardDetailsSchema.and(z.object({ installments: installmentsSchema })).safeParse({
    cardNumber: values.cardNumber,
    cardName: values.cardName,
    cardExpiry: values.cardExpiry,
    cardCvv: values.cardCvv,
    installments: values.installments,
  });
  if (!card.success) return { success: false, error: card.error };
  const { installments, ...details } = card.data;
  return { success: true, payment: { method: 'credit-card', card: details, cardBrand: cardBrandOf(details.cardNumber)!.brand, installments } };
}

const customerFields = new Set<string>(Object.keys(checkoutCustomerSchema.shape));

function firstErrors(error: z.ZodError, toField: (path: readonly PropertyKey[]) => CheckoutField | undefined, into: FieldErrors): void {
  for (const issue of error.issues) {
    const field = toField(issue.path);
    if (field && !into[field]) into[field] = field === 'paymentMethod' ? 'Forma de pagamento inválida' : issue.message;
  }
}

/** Validates the form with the contracts' schemas; on success returns the parsed (trimmed) body parts. */
export function validateCheckout(values: CheckoutValues, options: CheckoutValidationOptions = {}): CheckoutValidation {
  const customer = checkoutCustomerSchema.safeParse({
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    cpf: values.cpf,
    zipCode: values.zipCode,
    street: values.street,
    number: values.number,
    complement: values.complement,
    neighborhood: values.neighborhood,
    city: values.city,
    state: values.state,
  });
  const payment = validatePayment(values, options);
  if (customer.success && payment.success) {
    const { complement, ...rest } = customer.data;
    return { success: true, customer: complement ? { ...rest, complement } : rest, payment: payment.payment };
  }
  const found: FieldErrors = {};
  if (!customer.success) firstErrors(customer.error, ([head]) => (typeof head === 'string' && customerFields.has(head) ? (head as CheckoutField) : undefined), found);
  if (!payment.success) firstErrors(payment.error, ([head]) => (head === 'method' || head === undefined ? 'paymentMethod' : (head as CheckoutField)), found);
  return { success: false, errors: orderErrors(found) };
}

/** The errors in the form's field order. */
function orderErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(CHECKOUT_FIELDS.filter((field) => errors[field]).map((field) => [field, errors[field]])) as FieldErrors;
}

/** 'field: message' lines, e.g. 'CEP: CEP inválido' (storefront.md 5). */
export function errorLines(errors: FieldErrors): { field: CheckoutField; text: string }[] {
  return CHECKOUT_FIELDS.filter((field) => errors[field]).map((field) => ({ field, text: `${FIELD_LABELS[field]}: ${errors[field]}` }));
}

/** The form field of a 400's issue path (`body.customer.zipCode`, `body.payment.cardNumber`), if any. */
export function serverIssueField(path: string): CheckoutField | undefined {
  const [, group, name] = path.split('.');
  if (group === 'customer' && name && customerFields.has(name)) return name as CheckoutField;
  if (group !== 'payment') return undefined;
  const mapped = name === 'cardToken' || name === 'cardBrand' ? 'cardNumber' : name;
  if (!mapped || mapped === 'method') return 'paymentMethod';
  return (CHECKOUT_FIELDS as readonly string[]).includes(mapped) ? (mapped as CheckoutField) : undefined;
}

/** Field errors from a 400's `issues` (`body.customer.zipCode`, `body.payment.cardNumber`). */
export function serverIssuesToErrors(issues: readonly { path: string; message: string }[]): FieldErrors {
  const found: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = serverIssueField(path);
    if (field && !found[field]) found[field] = message;
  }
  return orderErrors(found);
}

/** The form's errors as `FieldErrors`, in the form's field order (e.g. react-hook-form's `errors`). */
export function fieldErrorsOf(errors: Partial<Record<string, { message?: string } | undefined>>): FieldErrors {
  return Object.fromEntries(CHECKOUT_FIELDS.filter((field) => errors[field]?.message).map((field) => [field, errors[field]!.message])) as FieldErrors;
}

/**
 * The checkout form's schema (react-hook-form's resolver): `validateCheckout` on the form's
 * values, whose output is the order's customer and payment draft. `paidByCredit` is asked when
 * the form is validated: whether the store credit pays the whole order depends on the freight and
 * coupon the form's own values lead to.
 */
export function checkoutFormSchema({ secureFields = false, paidByCredit = () => false }: { secureFields?: boolean; paidByCredit?: () => boolean } = {}) {
  return validatorSchema((values: CheckoutValues) => {
    const result = validateCheckout(values, { secureFields, paidByCredit: paidByCredit() });
    return result.success ? { success: true as const, data: { customer: result.customer, payment: result.payment } } : { success: false as const, errors: result.errors };
  });
}

/** Card number as typed, grouped in fours (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed, 'MM/AA' (the slash is inserted after the month). */
export function formatCardExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The CVV length of the card number typed so far: 4 for Amex, else 3 (storefront.md 5's limit of 3). */
export function cvvLengthFor(cardNumber: string): number {
  return cardBrandOf(cardNumber)?.cvvLength ?? 3;
}

/** CVV as typed: digits only, at most the brand's length (`cvvLengthFor`). */
export function formatCardCvv(value: string, length = 3): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/**
 * An instalment choice of the store's rules (contracts `installmentOptions`) for the amount due
 * in BRL cents, with its exact amounts: '1x de R$ 409,70 à vista', '2x de R$ 204,85 sem juros',
 * '3x sem juros: 2x de R$ 136,56 + 1x de R$ 136,58' (the last carries the leftover cents), or above
 * the interest-free count '12x de R$ 100,40 (total R$ 1.204,83)'.
 */
export function installmentLabel(option: InstallmentOption, amountDueCents: number): string {
  if (option.count === 1) return `1x de ${formatBRL(option.totalCents)} à vista`;
  return installmentSplitText(option.amounts, amountDueCents);
}
