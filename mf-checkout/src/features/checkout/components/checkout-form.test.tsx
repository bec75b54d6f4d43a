/**
 * Checkout form (storefront.md 3, 4, 5, 8): 'Dados inválidos' with one 'field: message' line per
 * invalid field, each message tied to its input; instalment amounts; the order is sent with an
 * Idempotency-Key reused on a retry of the same attempt; 'Processando...' while it runs;
 * failures toast 'Erro no processamento' with the right description. Store credit:
 * spent in part ('Crédito da loja', 'A pagar') or whole (no method, paid with 'store-credit').
 * WhatsApp: the opt-in goes with the order only when ticked.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CEP_LOOKUP_UNAVAILABLE_MESSAGE, STORE_CREDIT_SHORT_MESSAGE, type Order } from '@prata/contracts';
import { formatBRL } from '@prata/shared-ui';
import { toast, useSessionStore, type CartItem } from '@prata/shared-ui/state';
import { json, paymentApi, sampleOrder, stubApi as stubFetch, type Call } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { leaveFor } from '../../../lib/leave-for.ts';
import { CheckoutForm } from './checkout-form.tsx';

vi.mock('../../../lib/leave-for.ts', () => ({ leaveFor: vi.fn() }));

/** The freight the stubbed service quotes for any CEP (the store's table: the carrier did not answer). */
const QUOTE = {
  zipCode: '01310-100',
  state: 'SP',
  region: 'SE',
  source: 'table',
  options: [
    { serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC', priceCents: 1_990, minDays: 4, maxDays: 7 },
    { serviceId: 'tabela-sedex', carrier: 'Correios', name: 'SEDEX', priceCents: 3_990, minDays: 2, maxDays: 4 },
  ],
  freeShippingThresholdCents: null,
};
/** A 10 % coupon, as the service checks it. */
const COUPON = { code: 'PRATA10', kind: 'percent', discountCents: 3_493, freeShipping: false, message: 'Cupom PRATA10 aplicado: 10% de desconto' };

/**
 * Stubs the API with `handler`, the payment configuration, the sandbox's card tokens, the freight
 * quote, the store's offers (5 % off by PIX) and the coupon check (PRATA10 applies, others are refused) answered.
 */
const stubApi = (handler: (call: Call) => Response | Promise<Response>, installments?: object) =>
  stubFetch(
    paymentApi((call) => {
      if (call.url === 'http://api.test/api/shipping/quotes') return json(200, QUOTE);
      if (call.url === 'http://api.test/api/store-offers') return json(200, { pixDiscountPercent: 5, freeShippingThresholdCents: null, freeShippingRegions: null, ...(installments ? { installments } : {}) });
      if (call.url === 'http://api.test/api/coupons/check') {
        return (call.body as { code: string }).code === 'PRATA10' ? json(200, COUPON) : json(422, { error: 'coupon_not_found', message: 'Cupom inválido ou inexistente' });
      }
      return handler(call);
    }),
  );

const items: CartItem[] = [
  // A line of a variant: the order names it.
  { id: 'a0000000-0000-4000-8000-000000000001', name: 'Anel Solitário', priceCents: 12_990, quantity: 2, imageUrl: null, variantId: 'c0000000-0000-4000-8000-000000000016', variantLabel: 'Aro 16' },
  { id: 'a0000000-0000-4000-8000-000000000002', name: 'Colar Veneziana', priceCents: 8_950, quantity: 1, imageUrl: null },
];
const TOTAL = 34_930;
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

let view: Rendered;
let onPlaced: ReturnType<typeof vi.fn<(order: Order) => void>>;
const input = (name: string) => view.container.querySelector<HTMLInputElement>(`#checkout-${name}`);
/** Submits and lets the form's (asynchronous) validation settle. */
const submit = () => act(async () => view.container.querySelector('form')!.requestSubmit());
const errorBox = () => view.container.querySelector('[data-testid="checkout-errors"]');

/** Fills the contact and address fields (no payment). */
function fillCustomer() {
  typeInto(input('fullName'), 'Maria Silva');
  typeInto(input('phone'), '(11) 98765-4321');
  typeInto(input('cpf'), '39053344705');
  typeInto(input('zipCode'), '01310-100');
  typeInto(input('street'), 'Avenida Paulista');
  typeInto(input('number'), '1000');
  typeInto(input('neighborhood'), 'Bela Vista');
  typeInto(input('city'), 'São Paulo');
  typeInto(input('state'), 'SP');
}

function fillValid(method: 'credit-card' | 'pix' | 'boleto' | 'mercadopago-credits' = 'credit-card') {
  fillCustomer();
  click(view.container.querySelector(`input[name="paymentMethod"][value="${method}"]`));
  if (method === 'boleto') typeInto(input('payerCpf'), '52998224725');
  if (method !== 'credit-card') return;
  typeInto(input('cardNumber'), '4111111111111111');
  typeInto(input('cardName'), 'MARIA SILVA');
  typeInto(input('cardExpiry'), `12${nextYear}`);
  typeInto(input('cardCvv'), '1234');
  typeInto(input('installments'), '3');
}

beforeEach(async () => {
  onPlaced = vi.fn<(order: Order) => void>();
  stubApi(() => json(500, {}));
  view = render(<CheckoutForm items={items} pricesReady defaultEmail="maria@example.com" onPlaced={onPlaced} />, { path: '/checkout' });
  await flush();
});
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('CheckoutForm validation', () => {
  it("prefills the e-mail and lists every invalid field as 'field: message' under 'Dados inválidos'", async () => {
    const calls = stubApi(() => json(500, {}));
    expect(input('email')!.value).toBe('maria@example.com');
    typeInto(input('email'), 'maria');
    typeInto(input('zipCode'), '0131');
    await submit();
    const box = errorBox()!;
    expect(box.querySelector('h2')!.textContent).toBe('Dados inválidos');
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
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
    expect(document.activeElement).toBe(box);
    expect(calls).toEqual([]);
  });

  it('ties each message to its input with aria-describedby and aria-invalid', async () => {
    typeInto(input('zipCode'), '0131');
    typeInto(input('complement'), 'c'.repeat(101));
    await submit();
    for (const [field, message] of [
      ['zipCode', 'CEP inválido'],
      ['complement', 'Complemento muito longo'],
      ['fullName', 'Nome completo é obrigatório'],
      ['state', 'Estado inválido'],
      ['cardCvv', 'CVV inválido'],
    ] as const) {
      const control = input(field)!;
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const described = control.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
      expect(view.container.querySelector(`label[for="checkout-${field}"]`)).not.toBeNull();
    }
    expect(input('email')!.hasAttribute('aria-invalid')).toBe(false);
  });

  it('clears the error of a field once it is edited', async () => {
    await submit();
    typeInto(input('fullName'), 'Maria');
    expect(input('fullName')!.hasAttribute('aria-invalid')).toBe(false);
    expect(errorBox()!.textContent).not.toContain('Nome completo:');
  });

  it('reports Luhn, expiry and CVV failures of the card', async () => {
    fillValid();
    typeInto(input('cardNumber'), '4111 1111 1111 1112');
    typeInto(input('cardExpiry'), '01/20');
    typeInto(input('cardCvv'), '12');
    await submit();
    expect([...errorBox()!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Número do cartão: Número do cartão inválido',
      'Validade: Validade inválida',
      'CVV: CVV inválido',
    ]);
  });

  it("takes the brand's CVV length: 4 digits for Amex", async () => {
    click(view.container.querySelector('input[name="paymentMethod"][value="credit-card"]'));
    typeInto(input('cardNumber'), '378282246310005');
    typeInto(input('cardCvv'), '12345');
    expect(input('cardCvv')!.value).toBe('1234');
    expect(input('cardCvv')!.maxLength).toBe(4);
  });

  it('asks for a valid CPF for a boleto', async () => {
    fillValid('boleto');
    typeInto(input('payerCpf'), '11111111112');
    expect(input('payerCpf')!.value).toBe('111.111.111-12');
    await submit();
    expect([...errorBox()!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['CPF do pagador: CPF inválido']);
  });

  it('formats the card fields and limits the CVV input to 3 digits', async () => {
    click(view.container.querySelector('input[name="paymentMethod"][value="credit-card"]'));
    typeInto(input('cardNumber'), '4111111111111111');
    typeInto(input('cardExpiry'), '1230');
    typeInto(input('cardCvv'), '12a34');
    expect(input('cardNumber')!.value).toBe('4111 1111 1111 1111');
    expect(input('cardExpiry')!.value).toBe('12/30');
    expect(input('cardCvv')!.value).toBe('123');
    expect(input('cardCvv')!.maxLength).toBe(3);
  });
});

describe('CheckoutForm instalments and summary', () => {
  it('offers 1x to 12x with the per-instalment amount of the refreshed total', async () => {
    const options = [...view.container.querySelectorAll<HTMLOptionElement>('#checkout-installments option')];
    expect(options.map((option) => option.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(options[0]!.textContent).toBe(`1x de ${formatBRL(TOTAL)} à vista`);
    // R$ 349,30 does not divide by 3 or 12: the instalments shown add up exactly to it, the last
    // carrying the leftover cents (34930 / 3 = 11643.33 -> 11643; 34930 / 12 = 2910.83 -> 2910).
    expect(options[1]!.textContent).toBe(`2x de ${formatBRL(17_465)} sem juros`);
    expect(options[2]!.textContent).toBe(`3x sem juros: 2x de ${formatBRL(11_643)} + 1x de ${formatBRL(11_644)}`);
    expect(options[11]!.textContent).toBe(`12x sem juros: 11x de ${formatBRL(2_910)} + 1x de ${formatBRL(2_920)}`);
    expect(2 * 11_643 + 11_644).toBe(TOTAL);
    expect(11 * 2_910 + 2_920).toBe(TOTAL);
  });

  it("offers only the plans of the store's rules, with the total of those with interest", async () => {
    view.unmount();
    stubApi(() => json(500, {}), { maxInstallments: 10, minInstallmentCents: 500, interestFreeInstallments: 3, monthlyInterestPercent: 2.99 });
    view = render(<CheckoutForm items={items} pricesReady defaultEmail="maria@example.com" onPlaced={onPlaced} />, { path: '/checkout' });
    await flush();
    const options = [...view.container.querySelectorAll<HTMLOptionElement>('#checkout-installments option')];
    expect(options.map((option) => option.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(options[2]!.textContent).toBe(`3x sem juros: 2x de ${formatBRL(11_643)} + 1x de ${formatBRL(11_644)}`);
    // 4x at 2,99 % a.m.: PMT = 34930 x 0.0299 / (1 - 1.0299^-4) = 9394.8676... -> 9394; total 4 x PMT = 37579.47... -> 37579.
    expect(options[3]!.textContent).toBe(`4x de ${formatBRL(9_394)} (total ${formatBRL(37_579)})`);
  });

  it('chooses the most instalments the rules still allow when a coupon lowers the amount due below the chosen plan', async () => {
    view.unmount();
    stubApi(() => json(404, { error: 'not_found', message: 'x' }), { maxInstallments: 12, minInstallmentCents: 12_000, interestFreeInstallments: 12, monthlyInterestPercent: 0 });
    view = render(<CheckoutForm items={items} pricesReady defaultEmail="maria@example.com" onPlaced={onPlaced} />, { path: '/checkout' });
    await flush();
    const select = () => view.container.querySelector<HTMLSelectElement>('#checkout-installments')!;
    typeInto(input('zipCode'), '01310100');
    await flush();
    // R$ 349,30 + R$ 19,90 of freight = 36920 in 3x: 12306 each, above the R$ 120,00 minimum.
    typeInto(select(), '3');
    expect(select().value).toBe('3');
    typeInto(input('coupon'), 'prata10');
    click(button(view.container, 'Aplicar'));
    await flush();
    // Less R$ 34,93: 33427 in 3x is 11142, under the minimum; 2x (16713) is the most allowed.
    expect([...select().options].map((option) => option.value)).toEqual(['1', '2']);
    expect(select().value).toBe('2');
  });

  it('quotes the CEP, charges the chosen option with its days, and takes the PIX discount off the goods', async () => {
    const summary = () => view.container.querySelector('[data-testid="order-summary"]')!.textContent!;
    expect(summary()).toContain('Anel Solitário (Aro 16) × 2');
    expect(summary()).toContain('FreteInforme o CEP');
    expect(summary()).toContain('Informe o CEP para calcular o frete e o prazo de entrega.');
    const calls = stubApi(() => json(404, { error: 'not_found', message: 'x' }));
    typeInto(input('zipCode'), '01310100');
    await flush();
    const quoted = calls.filter((call) => call.url.endsWith('/api/shipping/quotes'));
    expect(quoted.map((call) => call.body)).toEqual([
      { zipCode: '01310100', items: [{ productId: items[0]!.id, variantId: 'c0000000-0000-4000-8000-000000000016', quantity: 2 }, { productId: items[1]!.id, variantId: null, quantity: 1 }] },
    ]);
    const options = [...view.container.querySelectorAll<HTMLInputElement>('input[name="shipping-option"]')];
    expect(options.map((option) => [option.value, option.checked])).toEqual([['tabela-pac', true], ['tabela-sedex', false]]);
    expect(view.container.querySelector('[data-testid="shipping-options"]')!.textContent).toContain('Frete estimado pela tabela da loja');
    expect(summary()).toContain(`Frete${formatBRL(1_990)}`);
    expect(summary()).toContain(`Total${formatBRL(TOTAL + 1_990)}`);
    expect(summary()).toContain('Entrega em 4 a 7 dias úteis (PAC).');
    click(options[1]!);
    expect(summary()).toContain(`Total${formatBRL(TOTAL + 3_990)}`);
    // Another CEP quotes SEDEX at another price and days: the choice stays SEDEX, at the new figures.
    stubFetch(paymentApi((call) => (call.url.endsWith('/api/shipping/quotes') ? json(200, { ...QUOTE, options: [QUOTE.options[0], { ...QUOTE.options[1], priceCents: 5_990, minDays: 5, maxDays: 9 }] }) : json(404, { error: 'not_found', message: 'x' }))));
    typeInto(input('zipCode'), '69005010');
    await flush();
    expect(summary()).toContain(`Total${formatBRL(TOTAL + 5_990)}`);
    expect(summary()).toContain('Entrega em 5 a 9 dias úteis (SEDEX).');
    stubApi(() => json(404, { error: 'not_found', message: 'x' }));
    typeInto(input('zipCode'), '01310100');
    await flush();
    expect(summary()).toContain(`Total${formatBRL(TOTAL + 3_990)}`);
    expect(summary()).toContain('Entrega em 2 a 4 dias úteis (SEDEX).');
    click(view.container.querySelector('input[name="paymentMethod"][value="pix"]'));
    await flush();
    // 5 % of R$ 349,30 = R$ 17,465: R$ 331,83 by PIX (rounded down), R$ 17,47 off; the freight stays whole.
    expect(summary()).toContain(`Desconto no PIX− ${formatBRL(1_747)}`);
    expect(summary()).toContain(`Total${formatBRL(33_183 + 3_990)}`);
    expect(summary()).toContain('Pedido processado em até 24 horas.');
  });

  it('applies a coupon checked by the service, shows a refusal under the field, and removes it', async () => {
    const calls = stubApi(() => json(404, { error: 'not_found', message: 'x' }));
    typeInto(input('zipCode'), '01310100');
    await flush();
    const summary = () => view.container.querySelector('[data-testid="order-summary"]')!.textContent!;
    typeInto(input('coupon'), 'nada');
    click(button(view.container, 'Aplicar'));
    await flush();
    expect(view.container.querySelector('#checkout-coupon-error')!.textContent).toBe('Cupom inválido ou inexistente');
    typeInto(input('coupon'), 'prata10');
    click(button(view.container, 'Aplicar'));
    await flush();
    expect(calls.filter((call) => call.url.endsWith('/api/coupons/check')).at(-1)!.body).toEqual({ code: 'PRATA10', subtotalCents: TOTAL, shippingCents: 1_990 });
    expect(view.container.querySelector('[data-testid="coupon"]')!.textContent).toContain('Cupom PRATA10 aplicado: 10% de desconto');
    expect(summary()).toContain(`Cupom PRATA10− ${formatBRL(3_493)}`);
    expect(summary()).toContain(`Total${formatBRL(TOTAL + 1_990 - 3_493)}`);
    click(button(view.container, 'Remover'));
    expect(summary()).toContain(`Total${formatBRL(TOTAL + 1_990)}`);
  });

  it('offers all 27 states and fills the address from the CEP, editable when the lookup is down', async () => {
    expect(view.container.querySelectorAll('#checkout-state option[value]:not([value=""])').length).toBe(27);
    const manaus = { zipCode: '69005-010', street: 'Rua Marechal Deodoro', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };
    const calls = stubApi((call) =>
      call.url.endsWith('/api/cep/69005010') ? json(200, manaus) : json(503, { error: 'cep_lookup_unavailable', message: CEP_LOOKUP_UNAVAILABLE_MESSAGE }),
    );
    typeInto(input('zipCode'), '69005010');
    expect(input('zipCode')!.value).toBe('69005-010');
    await flush();
    expect([input('street')!.value, input('neighborhood')!.value, input('city')!.value, input('state')!.value]).toEqual(['Rua Marechal Deodoro', 'Centro', 'Manaus', 'AM']);
    expect(view.container.textContent).toContain('Endereço de Manaus/AM preenchido pelo CEP.');
    expect(calls.filter((call) => call.url.includes('/api/cep/'))).toHaveLength(1);

    typeInto(input('zipCode'), '01310100');
    await flush();
    expect(view.container.textContent).toContain(CEP_LOOKUP_UNAVAILABLE_MESSAGE);
    typeInto(input('street'), 'Avenida Paulista');
    expect(input('street')!.value).toBe('Avenida Paulista');
  });

  it('hides the card fields for PIX and boleto', async () => {
    click(view.container.querySelector('input[name="paymentMethod"][value="pix"]'));
    expect(input('cardNumber')).toBeNull();
    expect(view.container.textContent).toContain('30 minutos');
    click(view.container.querySelector('input[name="paymentMethod"][value="boleto"]'));
    expect(view.container.textContent).toContain('3 dias úteis');
  });
});

describe('CheckoutForm submission', () => {
  const orders = (calls: Call[]) => calls.filter((call) => call.url === 'http://api.test/api/orders');

  it("sends the order with an Idempotency-Key, says 'Processando...' meanwhile, and hands over the order", async () => {
    let answer!: (response: Response) => void;
    const calls = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    fillValid();
    await flush();
    await submit();
    await flush(1);
    const submitButton = view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submitButton.textContent).toBe('Processando...');
    expect(submitButton.disabled).toBe(true);
    expect(orders(calls)).toHaveLength(1);
    const [token] = calls.filter((c) => c.url === 'http://api.test/api/payments/sandbox/card-tokens');
    expect(token!.body).toEqual({ card_number: '4111111111111111', expiration_month: 12, expiration_year: 2000 + Number(nextYear), security_code: '123', cardholder: { name: 'MARIA SILVA' } });
    const [call] = orders(calls);
    expect(call!.method).toBe('POST');
    expect(call!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.body).toEqual({
      items: [
        { productId: items[0]!.id, variantId: 'c0000000-0000-4000-8000-000000000016', quantity: 2 },
        { productId: items[1]!.id, variantId: null, quantity: 1 },
      ],
      customer: { fullName: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '39053344705', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      payment: { method: 'credit-card', cardToken: 'tok_1111', cardBrand: 'visa', installments: 3 },
      shipping: { serviceId: 'tabela-pac', priceCents: 1_990 },
      // No cookie choice made in this test: the order records none.
      cookieConsent: { analytics: false, marketing: false },
    });
    expect(JSON.stringify(call!.body)).not.toContain('4111111111111111');
    answer(json(201, sampleOrder()));
    await flush();
    expect(onPlaced).toHaveBeenCalledWith(sampleOrder());
    expect(submitButton.textContent).toBe('Finalizar Pedido');
  });

  it("saves the typed address to the account after the order when 'Guardar na minha conta' is ticked", async () => {
    const calls = stubApi((call) => {
      if (call.url.endsWith('/api/me/addresses')) {
        return call.method === 'GET'
          ? json(200, [])
          : json(201, { id: 'c0000000-0000-4000-8000-000000000001', label: 'Endereço 1', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', isDefault: true, createdAt: '2026-11-20T12:00:00.000Z' });
      }
      return json(201, sampleOrder({ payment: { method: 'pix', card: null, boleto: null, pix: { payload: '000201...', expiresAt: '2026-11-21T13:30:00.000Z' }, paidAt: null } }));
    });
    // The form mounted before this stub: ask for the saved addresses again.
    await act(() => view.queryClient.refetchQueries({ queryKey: ['saved-addresses'] }));
    await flush();
    fillValid('pix');
    click(input('saveAddress'));
    await flush();
    await submit();
    await flush();
    expect(onPlaced).toHaveBeenCalledTimes(1);
    const saved = calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/me/addresses'));
    expect(saved.map((call) => call.body)).toEqual([{ label: 'Endereço 1', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }]);
  });

  it("'Parcelamento sem cartão': explains itself, sends the method alone and sends the shopper to Mercado Pago's checkout", async () => {
    const credits = { checkoutUrl: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc', preferenceId: '123-abc' };
    const calls = stubApi((call) => (call.url === 'http://api.test/api/orders' ? json(201, sampleOrder({ payment: { ...sampleOrder().payment, method: 'mercadopago-credits', card: null, pix: null, boleto: null, credits } })) : json(404, {})));
    const option = view.container.querySelector('input[name="paymentMethod"][value="mercadopago-credits"]')!;
    expect(option.closest('div')!.textContent).toContain('Parcelamento sem cartãoPague em até 12x pela sua conta Mercado Pago, sem cartão de crédito.');
    fillValid('mercadopago-credits');
    await flush();
    expect(view.container.textContent).toContain('Após finalizar, você será levado ao Mercado Pago');
    expect(input('cardNumber')).toBeNull();
    await submit();
    await flush();
    const order = calls.find((call) => call.method === 'POST' && call.url === 'http://api.test/api/orders')!;
    expect((order.body as { payment: unknown }).payment).toEqual({ method: 'mercadopago-credits' });
    expect(leaveFor).toHaveBeenCalledWith(credits.checkoutUrl);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it("sends the WhatsApp opt-in only when 'Receber atualizações do pedido pelo WhatsApp' is ticked, and shows the service's refusal on the phone", async () => {
    const message = 'Para receber pelo WhatsApp, informe um celular com DDD, por exemplo (11) 98765-4321.';
    vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const calls = stubApi(() => json(400, { error: 'validation', message, issues: [{ path: 'body.customer.phone', message }] }));
    fillValid('pix');
    expect(input('whatsappOptIn')!.checked).toBe(false);
    expect(view.container.textContent).toContain('Receber atualizações do pedido pelo WhatsApp');
    click(input('whatsappOptIn'));
    await flush();
    await submit();
    await flush();
    const [call] = orders(calls);
    expect(call!.body).toMatchObject({ whatsappOptIn: true, customer: { phone: '(11) 98765-4321' } });
    expect([...errorBox()!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([`Telefone: ${message}`]);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('reuses the key when the same attempt is retried after a network failure', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    let fail = true;
    const calls = stubApi(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return json(201, sampleOrder({ payment: { method: 'pix', card: null, boleto: null, pix: { payload: '000201...', expiresAt: '2026-11-21T13:30:00.000Z' }, paidAt: null } }));
    });
    fillValid('pix');
    await flush();
    await submit();
    await flush();
    expect(error).toHaveBeenCalledWith('Erro no processamento', { description: 'Tente novamente em alguns instantes.' });
    expect(onPlaced).not.toHaveBeenCalled();
    fail = false;
    await submit();
    await flush();
    const [first, second] = orders(calls);
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
    expect(onPlaced).toHaveBeenCalledOnce();
  });

  it("shows the service's message for a declined card, keeps the form, and uses a new key for the next attempt", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const message = 'Pagamento recusado pela operadora. Verifique os dados do cartão ou use outra forma de pagamento.';
    const calls = stubApi(() => json(402, { error: 'payment_declined', message }));
    fillValid();
    await flush();
    await submit();
    await flush();
    expect(error).toHaveBeenCalledWith('Erro no processamento', { description: message });
    expect(onPlaced).not.toHaveBeenCalled();
    expect(input('cardName')!.value).toBe('MARIA SILVA');
    await submit();
    await flush();
    const [first, second] = orders(calls);
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it("shows the service's message for insufficient stock and its field issues for a 400", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    let status = 409;
    stubApi(() =>
      status === 409
        ? json(409, { error: 'insufficient_stock', message: 'Estoque insuficiente para Anel Solitário.' })
        : json(400, { error: 'validation', message: 'Dados inválidos', issues: [{ path: 'body.customer.zipCode', message: 'CEP inválido' }] }),
    );
    fillValid('boleto');
    await flush();
    await submit();
    await flush();
    expect(error).toHaveBeenLastCalledWith('Erro no processamento', { description: 'Estoque insuficiente para Anel Solitário.' });
    status = 400;
    await submit();
    await flush();
    expect(error).toHaveBeenLastCalledWith('Erro no processamento', { description: 'Dados inválidos' });
    expect([...errorBox()!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['CEP: CEP inválido']);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('waits for the refreshed prices before sending', async () => {
    view.unmount();
    view = render(<CheckoutForm items={items} pricesReady={false} defaultEmail="maria@example.com" onPlaced={onPlaced} />);
    const calls = stubApi(() => json(201, sampleOrder()));
    // The card's test form appears once the payment configuration says the store uses the sandbox.
    await flush();
    fillValid();
    expect(button(view.container, 'Finalizar Pedido')!.disabled).toBe(true);
    await submit();
    expect(orders(calls)).toEqual([]);
  });

  it('sends the applied coupon, and quotes again when the service says the freight changed', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const message = 'O valor do frete mudou. Confira as opções de entrega e tente novamente.';
    const calls = stubApi(() => json(409, { error: 'shipping_changed', message }));
    fillValid('pix');
    await flush();
    typeInto(input('coupon'), 'PRATA10');
    click(button(view.container, 'Aplicar'));
    await flush();
    const quotesBefore = calls.filter((call) => call.url.endsWith('/api/shipping/quotes')).length;
    await submit();
    await flush();
    expect(orders(calls)[0]!.body).toMatchObject({ shipping: { serviceId: 'tabela-pac', priceCents: 1_990 }, couponCode: 'PRATA10' });
    expect(error).toHaveBeenLastCalledWith('Erro no processamento', { description: message });
    expect(calls.filter((call) => call.url.endsWith('/api/shipping/quotes')).length).toBe(quotesBefore + 1);
  });

  it('asks for a delivery option before sending', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const calls = stubFetch(paymentApi((call) => (call.url.endsWith('/api/shipping/quotes') ? new Promise<Response>(() => undefined) : json(201, sampleOrder()))));
    fillValid('pix');
    await flush();
    await submit();
    await flush();
    expect(orders(calls)).toEqual([]);
    expect(error).toHaveBeenCalledWith('Erro no processamento', { description: 'Informe o CEP e escolha uma forma de entrega.' });
  });
});

describe('CheckoutForm store credit', () => {
  const STORE_CREDIT_URL = 'http://api.test/api/me/store-credit';
  const orders = (calls: Call[]) => calls.filter((call) => call.url === 'http://api.test/api/orders');
  const summary = () => view.container.querySelector('[data-testid="order-summary"]')!.textContent!;
  const creditBox = () => input('useStoreCredit');
  /** The summary shows no credit, and the order goes by PIX without spending any. */
  const expectPixOrderWithoutCredit = async (calls: Awaited<ReturnType<typeof renderSignedIn>>) => {
    expect(summary()).not.toContain('Crédito da loja');
    expect(summary()).not.toContain('A pagar');
    await submit();
    await flush();
    expect(orders(calls)[0]!.body).not.toHaveProperty('useStoreCredit');
    expect(orders(calls)[0]!.body).toMatchObject({ payment: { method: 'pix' } });
  };
  const methods = () => [...view.container.querySelectorAll<HTMLInputElement>('input[name="paymentMethod"]')].map((radio) => radio.value);
  /** The order placed, any other call a 404. */
  const placed = (call: Call) => (call.url === 'http://api.test/api/orders' ? json(201, sampleOrder()) : json(404, { error: 'not_found', message: 'x' }));

  /** Renders the form again for a signed-in shopper whose balance is `balance()` BRL cents; the rest goes to `handler`. */
  async function renderSignedIn(balance: () => number, handler: (call: Call) => Response | Promise<Response> = placed) {
    view.unmount();
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    const calls = stubApi((call) => (call.url === STORE_CREDIT_URL ? json(200, { balanceCents: balance(), entries: [] }) : handler(call)));
    view = render(<CheckoutForm items={items} pricesReady defaultEmail="maria@example.com" onPlaced={onPlaced} />, { path: '/checkout' });
    await flush();
    return calls;
  }

  it('does not ask a guest for store credit, and shows nothing new for a balance of 0', async () => {
    view.unmount();
    const guest = stubApi(placed);
    view = render(<CheckoutForm items={items} pricesReady defaultEmail="maria@example.com" onPlaced={onPlaced} />, { path: '/checkout' });
    await flush();
    expect(guest.some((call) => call.url === STORE_CREDIT_URL)).toBe(false);

    const calls = await renderSignedIn(() => 0);
    expect(calls.filter((call) => call.url === STORE_CREDIT_URL)).toHaveLength(1);
    fillValid('pix');
    await flush();
    expect(creditBox()).toBeNull();
    expect(methods()).toEqual(['credit-card', 'pix', 'boleto', 'mercadopago-credits']);
    await expectPixOrderWithoutCredit(calls);
  });

  it("spends a balance short of the total: 'Crédito da loja' and 'A pagar' in the summary, the rest by the chosen method", async () => {
    const calls = await renderSignedIn(() => 10_000);
    fillValid();
    await flush();
    expect(creditBox()!.checked).toBe(true);
    expect(view.container.querySelector('label[for="checkout-useStoreCredit"]')!.textContent).toBe(`Usar meu crédito na loja (${formatBRL(10_000)} disponível)`);
    // R$ 349,30 + R$ 19,90 PAC = R$ 369,20; R$ 100,00 of credit leaves R$ 269,20.
    expect(summary()).toContain(`Total${formatBRL(36_920)}Crédito da loja− ${formatBRL(10_000)}A pagar${formatBRL(26_920)}`);
    expect(methods()).toEqual(['credit-card', 'pix', 'boleto', 'mercadopago-credits']);
    expect(view.container.querySelector('[data-testid="paid-by-credit"]')).toBeNull();
    // The card is charged what is left: the instalments split R$ 269,20.
    expect(view.container.querySelector('#checkout-installments option')!.textContent).toBe(`1x de ${formatBRL(26_920)} à vista`);
    await submit();
    await flush();
    // The credit shown goes with the order: the service refuses another figure.
    expect(orders(calls)[0]!.body).toMatchObject({ payment: { method: 'credit-card', cardToken: 'tok_1111', installments: 3 }, useStoreCredit: true, storeCreditCents: 10_000 });
    expect(onPlaced).toHaveBeenCalledOnce();
  });

  it('takes the PIX discount only off the goods the PIX pays (security review #9), and leaves the credit unspent when unticked', async () => {
    const calls = await renderSignedIn(() => 10_000);
    fillValid('pix');
    await flush();
    // R$ 100,00 of credit pays the R$ 19,90 freight and R$ 80,10 of the goods; the PIX pays the other
    // R$ 269,20 of goods at 5 % off: R$ 255,74 (rounded down), R$ 13,46 off. Total R$ 369,20 - 13,46.
    expect(summary()).toContain(`Desconto no PIX− ${formatBRL(1_346)}`);
    expect(summary()).toContain(`Total${formatBRL(35_574)}Crédito da loja− ${formatBRL(10_000)}A pagar${formatBRL(25_574)}`);
    click(creditBox());
    expect(creditBox()!.checked).toBe(false);
    await expectPixOrderWithoutCredit(calls);
  });

  it("pays by credit alone when it covers the total: no method or card fields, sent as 'store-credit' with useStoreCredit", async () => {
    const calls = await renderSignedIn(() => 50_000);
    // Before the freight is known the order is not covered yet: the methods show.
    click(view.container.querySelector('input[name="paymentMethod"][value="pix"]'));
    expect(methods()).toEqual(['credit-card', 'pix', 'boleto', 'mercadopago-credits']);
    fillCustomer();
    await flush();
    expect(view.container.querySelector('[data-testid="paid-by-credit"]')!.textContent).toBe('Seu crédito na loja cobre este pedido.');
    expect(methods()).toEqual([]);
    expect(input('cardNumber')).toBeNull();
    expect(input('installments')).toBeNull();
    // No method is chosen, so no PIX discount: R$ 369,20 paid whole by the credit.
    expect(summary()).toContain(`Total${formatBRL(36_920)}Crédito da loja− ${formatBRL(36_920)}A pagar${formatBRL(0)}`);
    expect(summary()).not.toContain('Desconto no PIX');
    await submit();
    await flush();
    expect(errorBox()).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/card-tokens'))).toBe(false);
    const [order] = orders(calls);
    expect(order!.body).toMatchObject({ payment: { method: 'store-credit' }, useStoreCredit: true, storeCreditCents: 36_920, shipping: { serviceId: 'tabela-pac', priceCents: 1_990 } });
    expect((order!.body as { payment: object }).payment).toEqual({ method: 'store-credit' });
    expect(onPlaced).toHaveBeenCalledOnce();
  });

  it("shows the service's message when the credit no longer covers the order, and reads the balance again", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    let balance = 50_000;
    const calls = await renderSignedIn(
      () => balance,
      (call) => (call.url === 'http://api.test/api/orders' ? json(409, { error: 'store_credit_short', message: STORE_CREDIT_SHORT_MESSAGE }) : json(404, { error: 'not_found', message: 'x' })),
    );
    fillCustomer();
    await flush();
    expect(view.container.querySelector('[data-testid="paid-by-credit"]')).not.toBeNull();
    // Another order spent most of it meanwhile.
    balance = 1_000;
    await submit();
    await flush();
    expect(orders(calls)[0]!.body).toMatchObject({ payment: { method: 'store-credit' }, useStoreCredit: true });
    expect(error).toHaveBeenCalledWith('Erro no processamento', { description: STORE_CREDIT_SHORT_MESSAGE });
    expect(calls.filter((call) => call.url === STORE_CREDIT_URL)).toHaveLength(2);
    expect(onPlaced).not.toHaveBeenCalled();
    expect(view.container.querySelector('[data-testid="paid-by-credit"]')).toBeNull();
    expect(methods()).toEqual(['credit-card', 'pix', 'boleto', 'mercadopago-credits']);
    expect(view.container.querySelector('label[for="checkout-useStoreCredit"]')!.textContent).toBe(`Usar meu crédito na loja (${formatBRL(1_000)} disponível)`);
    expect(summary()).toContain(`A pagar${formatBRL(36_920 - 1_000)}`);
  });
});
