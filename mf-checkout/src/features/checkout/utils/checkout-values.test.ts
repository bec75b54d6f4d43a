/**
 * Checkout validation (storefront.md 5) with the contracts' schemas: one 'field:
 * message' line per field rule, pt-BR labels, in the form's order; card Luhn, expiry and CVV.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import {
  checkoutFormSchema,
  errorLines,
  fieldErrorsOf,
  formatCardCvv,
  formatCardExpiry,
  formatCardNumber,
  initialCheckoutValues,
  paymentMethodOptions,
  serverIssuesToErrors,
  validateCheckout,
  type CheckoutValues,
} from './checkout-values.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const valid: CheckoutValues = {
  ...initialCheckoutValues('maria@example.com'),
  fullName: 'Maria Silva',
  phone: '(11) 98765-4321',
  cpf: '390.533.447-05',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  cardNumber: '4111 1111 1111 1111',
  cardName: 'MARIA SILVA',
  cardExpiry: `12/${nextYear}`,
  cardCvv: '123',
  installments: '3',
};

/** The error lines for `valid` with `changes` applied. */
function linesFor(changes: Partial<CheckoutValues>): string[] {
  const result = validateCheckout({ ...valid, ...changes });
  return result.success ? [] : errorLines(result.errors).map((line) => line.text);
}

describe('validateCheckout', () => {
  it('accepts a complete card order and returns the trimmed, parsed parts', () => {
    const result = validateCheckout({ ...valid, fullName: '  Maria Silva  ', complement: '' });
    expect(result).toEqual({
      success: true,
      customer: { fullName: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '39053344705', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      payment: { method: 'credit-card', card: { cardNumber: '4111111111111111', cardName: 'MARIA SILVA', cardExpiry: `12/${nextYear}`, cardCvv: '123' }, cardBrand: 'visa', installments: 3 },
    });
  });

  it('keeps a complement and ignores the card fields for PIX and boleto (which takes the payer CPF)', () => {
    const pix = validateCheckout({ ...valid, complement: 'Apto 12', paymentMethod: 'pix', cardNumber: '', cardCvv: '' });
    expect(pix.success && pix.payment).toEqual({ method: 'pix' });
    expect(pix.success && pix.customer.complement).toBe('Apto 12');
    const boleto = validateCheckout({ ...valid, paymentMethod: 'boleto', cardNumber: '', payerCpf: '529.982.247-25' });
    expect(boleto.success && boleto.payment).toEqual({ method: 'boleto', payerCpf: '52998224725' });
    expect(linesFor({ paymentMethod: 'boleto', payerCpf: '529.982.247-24' })).toEqual(['CPF do pagador: CPF inválido']);
  });

  it('knows the brand of the card: an Amex needs a 4-digit CVV', () => {
    const amex = validateCheckout({ ...valid, cardNumber: '3782 822463 10005', cardCvv: '1234' });
    expect(amex.success && amex.payment).toMatchObject({ cardBrand: 'amex' });
    expect(linesFor({ cardNumber: '3782 822463 10005', cardCvv: '123' })).toEqual(['CVV: CVV inválido']);
    expect(formatCardCvv('12345', 4)).toBe('1234');
  });

  it("lists every required field of an empty form, in the form's order", () => {
    const result = validateCheckout(initialCheckoutValues(''));
    expect(result.success ? [] : errorLines(result.errors).map((line) => line.text)).toEqual([
      'Nome completo: Nome completo é obrigatório',
      'Email: Email inválido',
      'Telefone: Telefone inválido',
      'CPF: CPF inválido',
      'CEP: CEP inválido',
      'Endereço: Endereço é obrigatório',
      'Número: Número é obrigatório',
      'Bairro: Bairro é obrigatório',
      'Cidade: Cidade é obrigatória',
      'Estado: Estado inválido',
      'Número do cartão: Número do cartão inválido',
      'Nome no cartão: Nome no cartão é obrigatório',
      'Validade: Validade inválida',
      'CVV: CVV inválido',
    ]);
  });

  it.each([
    [{ fullName: '   ' }, 'Nome completo: Nome completo é obrigatório'],
    [{ fullName: 'a'.repeat(101) }, 'Nome completo: Nome muito longo'],
    [{ email: 'maria' }, 'Email: Email inválido'],
    [{ email: `${'a'.repeat(250)}@x.com` }, 'Email: Email muito longo'],
    [{ phone: '119876543' }, 'Telefone: Telefone inválido'],
    [{ phone: '1'.repeat(21) }, 'Telefone: Telefone muito longo'],
    [{ cpf: '390.533.447-06' }, 'CPF: CPF inválido'],
    [{ zipCode: '0131010' }, 'CEP: CEP inválido'],
    [{ zipCode: '01310-10000' }, 'CEP: CEP muito longo'],
    [{ street: '' }, 'Endereço: Endereço é obrigatório'],
    [{ street: 'r'.repeat(201) }, 'Endereço: Endereço muito longo'],
    [{ number: '' }, 'Número: Número é obrigatório'],
    [{ number: '12345678901' }, 'Número: Número muito longo'],
    [{ complement: 'c'.repeat(101) }, 'Complemento: Complemento muito longo'],
    [{ neighborhood: '' }, 'Bairro: Bairro é obrigatório'],
    [{ neighborhood: 'b'.repeat(101) }, 'Bairro: Bairro muito longo'],
    [{ city: '' }, 'Cidade: Cidade é obrigatória'],
    [{ city: 'c'.repeat(101) }, 'Cidade: Cidade muito longa'],
    [{ state: '' }, 'Estado: Estado inválido'],
    [{ state: 'S' }, 'Estado: Estado inválido'],
    [{ state: 'XX' }, 'Estado: Estado inválido'],
    [{ state: 'S'.repeat(51) }, 'Estado: Estado inválido'],
    [{ cardNumber: '4111 1111 1111 1112' }, 'Número do cartão: Número do cartão inválido'],
    [{ cardNumber: '4'.repeat(20) }, 'Número do cartão: Número do cartão inválido'],
    [{ cardName: '' }, 'Nome no cartão: Nome no cartão é obrigatório'],
    [{ cardName: 'n'.repeat(101) }, 'Nome no cartão: Nome no cartão muito longo'],
    [{ cardExpiry: '13/30' }, 'Validade: Validade inválida'],
    [{ cardExpiry: '01/20' }, 'Validade: Validade inválida'],
    [{ cardExpiry: '1230' }, 'Validade: Validade inválida'],
    [{ cardExpiry: `12/${nextYear}0` }, 'Validade: Validade inválida'],
    [{ cardCvv: '12' }, 'CVV: CVV inválido'],
    [{ cardCvv: '12a' }, 'CVV: CVV inválido'],
    [{ cardCvv: '12345' }, 'CVV: CVV inválido'],
    [{ installments: '0' }, 'Parcelas: Parcelamento inválido'],
    [{ installments: '13' }, 'Parcelas: Parcelamento inválido'],
    [{ paymentMethod: 'cheque' }, 'Forma de pagamento: Forma de pagamento inválida'],
  ] satisfies [Partial<CheckoutValues>, string][])('%o gives "%s"', (changes, line) => {
    expect(linesFor(changes)).toEqual([line]);
  });

  it('accepts the limits themselves', () => {
    expect(
      linesFor({ fullName: 'a'.repeat(100), phone: '1'.repeat(20), zipCode: '0'.repeat(10), number: '1'.repeat(10), complement: 'c'.repeat(100), city: 'c'.repeat(100), cardCvv: '999', installments: '12' }),
    ).toEqual([]);
    expect(linesFor({ phone: '1'.repeat(10), zipCode: '01310100', state: 'SC' })).toEqual([]);
  });
});

describe('serverIssuesToErrors', () => {
  it("maps the service's issue paths to the form's fields", () => {
    expect(
      serverIssuesToErrors([
        { path: 'body.payment.cardNumber', message: 'Número do cartão inválido' },
        { path: 'body.customer.zipCode', message: 'CEP inválido' },
        { path: 'body.payment.method', message: 'x' },
        { path: 'body.items.0.quantity', message: 'Quantidade inválida' },
      ]),
    ).toEqual({ zipCode: 'CEP inválido', paymentMethod: 'x', cardNumber: 'Número do cartão inválido' });
  });

  it("puts the service's CEP/state mismatch under the state field", () => {
    const message = 'O CEP 69005-010 é de AM. Confira o CEP ou o estado.';
    expect(serverIssuesToErrors([{ path: 'body.customer.state', message }])).toEqual({ state: message });
  });
});

describe('checkoutFormSchema (the form resolver)', () => {
  const resolve = (values: CheckoutValues, secureFields = false) => zodResolver(checkoutFormSchema({ secureFields }))(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('gives each invalid field its message, in the order the error summary lists them', async () => {
    const { errors } = await resolve({ ...valid, fullName: ' ', zipCode: '0131', paymentMethod: 'boleto', payerCpf: '111.111.111-12' });
    expect(fieldErrorsOf(errors)).toEqual({ fullName: 'Nome completo é obrigatório', zipCode: 'CEP inválido', payerCpf: 'CPF inválido' });
    expect(Object.keys(fieldErrorsOf(errors))).toEqual(['fullName', 'zipCode', 'payerCpf']);
  });

  it('outputs the parsed customer and the payment draft of a valid form', async () => {
    const { values, errors } = await resolve({ ...valid, fullName: '  Maria Silva ', paymentMethod: 'pix' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ customer: { fullName: 'Maria Silva', email: 'maria@example.com' }, payment: { method: 'pix' } });
  });

  it("checks only the holder's name and the instalments when the acquirer's secure fields hold the card", async () => {
    const { values } = await resolve({ ...valid, cardNumber: '', cardExpiry: '', cardCvv: '' }, true);
    expect(values).toMatchObject({ payment: { method: 'credit-card', secureFields: true, cardName: valid.cardName } });
  });

  it("checks no payment field when the store credit pays the whole order, asked at validation time", async () => {
    let paidByCredit = false;
    const schema = checkoutFormSchema({ paidByCredit: () => paidByCredit });
    const emptyCard = { ...valid, cardNumber: '', cardName: '', cardExpiry: '', cardCvv: '' };
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(Object.keys(fieldErrorsOf((await zodResolver(schema)(emptyCard, undefined, options)).errors))).toEqual(['cardNumber', 'cardName', 'cardExpiry', 'cardCvv']);
    paidByCredit = true;
    const { values, errors } = await zodResolver(schema)(emptyCard, undefined, options);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ payment: { method: 'store-credit' } });
  });
});

describe('paymentMethodOptions', () => {
  it("lists 'Parcelamento sem cartão' with its explanation only when the acquirer offers it", () => {
    expect(paymentMethodOptions({ credits: true })).toEqual([
      { value: 'credit-card', label: 'Cartão de crédito' },
      { value: 'pix', label: 'PIX' },
      { value: 'boleto', label: 'Boleto bancário' },
      { value: 'mercadopago-credits', label: 'Parcelamento sem cartão', hint: 'Pague em até 12x pela sua conta Mercado Pago, sem cartão de crédito.' },
    ]);
    for (const config of [{ credits: false }, null, undefined]) {
      expect(paymentMethodOptions(config).map((option) => option.value)).toEqual(['credit-card', 'pix', 'boleto']);
    }
  });

  it('takes no payment field for it: the shopper pays at Mercado Pago after placing the order', () => {
    const result = validateCheckout({ ...valid, paymentMethod: 'mercadopago-credits', cardNumber: '', cardName: '', cardCvv: '', cardExpiry: '' });
    expect(result).toMatchObject({ success: true, payment: { method: 'mercadopago-credits' } });
  });
});

describe('card input formatting', () => {
  it('groups the card number in fours, at most 19 digits', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 1111x1111999999')).toBe('4111 1111 1111 1111 999');
  });
  it('inserts the slash of MM/AA', () => {
    expect(formatCardExpiry('1')).toBe('1');
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardExpiry('123')).toBe('12/3');
    expect(formatCardExpiry('12/345')).toBe('12/34');
  });
  it('limits the CVV to 3 digits', () => {
    expect(formatCardCvv('12a34')).toBe('123');
  });
});
