/**
 * The checkout form's values, pt-BR field labels and validation (storefront.md 3, 5): the SAME
 * zod schemas as the service (`checkoutCustomerSchema`, `paymentInputSchema` of
 * @prata/contracts), reduced to the first message per field, in the form's order.
 */
import {
  checkoutCustomerSchema,
  paymentInputSchema,
  type CHECKOUT_STATES,
  type CheckoutCustomer,
  type CreateOrderInput,
  type PaymentMethod,
} from '@prata/contracts';
import type { z } from 'zod';

export const CHECKOUT_FIELDS = [
  'fullName',
  'email',
  'phone',
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
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

/** pt-BR label of each field, used on the inputs and in the 'field: message' lines. */
export const FIELD_LABELS: Readonly<Record<CheckoutField, string>> = {
  fullName: 'Nome completo',
  email: 'Email',
  phone: 'Telefone',
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
};

export const STATE_NAMES: Readonly<Record<(typeof CHECKOUT_STATES)[number], string>> = {
  SP: 'São Paulo',
  RJ: 'Rio de Janeiro',
  MG: 'Minas Gerais',
  RS: 'Rio Grande do Sul',
  PR: 'Paraná',
  SC: 'Santa Catarina',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  'credit-card': 'Cartão de crédito',
  pix: 'PIX',
  boleto: 'Boleto bancário',
};

/** Empty form with the signed-in shopper's e-mail (storefront.md 3) and card payment in 1x. */
export function initialCheckoutValues(email = ''): CheckoutValues {
  const values = Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, ''])) as CheckoutValues;
  return { ...values, email, paymentMethod: 'credit-card', installments: '1' };
}

export type CheckoutValidation =
  | { success: true; customer: CheckoutCustomer; payment: CreateOrderInput['payment'] }
  | { success: false; errors: FieldErrors };

const customerFields = new Set<string>(Object.keys(checkoutCustomerSchema.shape));

function firstErrors(error: z.ZodError, toField: (path: readonly PropertyKey[]) => CheckoutField | undefined, into: FieldErrors): void {
  for (const issue of error.issues) {
    const field = toField(issue.path);
    if (field && !into[field]) into[field] = field === 'paymentMethod' ? 'Forma de pagamento inválida' : issue.message;
  }
}

/** Validates the form with the contracts' schemas; on success returns the parsed (trimmed) body parts. */
export function validateCheckout(values: CheckoutValues): CheckoutValidation {
  const customer = checkoutCustomerSchema.safeParse({
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    zipCode: values.zipCode,
    street: values.street,
    number: values.number,
    complement: values.complement,
    neighborhood: values.neighborhood,
    city: values.city,
    state: values.state,
  });
  const payment = paymentInputSchema.safeParse(
    values.paymentMethod === 'credit-card'
      ? {
          method: 'credit-card',
          cardNumber: values.cardNumber,
          cardName: values.cardName,
          cardExpiry: values.cardExpiry,
          cardCvv: values.cardCvv,
          installments: values.installments,
        }
      : { method: values.paymentMethod },
  );
  if (customer.success && payment.success) {
    const { complement, ...rest } = customer.data;
    return { success: true, customer: complement ? { ...rest, complement } : rest, payment: payment.data };
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

/** Field errors from a 400's `issues` (`body.customer.zipCode`, `body.payment.cardNumber`). */
export function serverIssuesToErrors(issues: readonly { path: string; message: string }[]): FieldErrors {
  const found: FieldErrors = {};
  for (const { path, message } of issues) {
    const [, group, name] = path.split('.');
    let field: CheckoutField | undefined;
    if (group === 'customer' && name && customerFields.has(name)) field = name as CheckoutField;
    else if (group === 'payment') field = !name || name === 'method' ? 'paymentMethod' : (CHECKOUT_FIELDS as readonly string[]).includes(name) ? (name as CheckoutField) : undefined;
    if (field && !found[field]) found[field] = message;
  }
  return orderErrors(found);
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

/** CVV as typed: digits only, at most 3 (storefront.md 5: the card input limits CVV to 3). */
export function formatCardCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, 3);
}
