/**
 * No in-page card fields unless the store uses the sandbox: when `GET /api/payments/config`
 * fails, or a Mercado Pago store's MercadoPago.js cannot be loaded, the card option shows
 * 'Não foi possível carregar o pagamento com cartão. Tente novamente ou escolha PIX ou boleto.'
 * with 'Tentar novamente', no card input is in the page, a card order is not sent, and PIX still
 * places the order. A retry that succeeds mounts the secure fields, never the test form.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, PaymentConfig } from '@prata/contracts';
import { toast, useSessionStore, type CartItem } from '@prata/shared-ui/state';
import { loadMercadoPago, type MercadoPagoInstance } from '../../../lib/mercadopago-sdk.ts';
import { json, sampleOrder, stubApi, type Call } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { CARD_PAYMENT_UNAVAILABLE, cardEntryOf } from './card-payment-unavailable.tsx';
import { CheckoutForm } from './checkout-form.tsx';

vi.mock('../../../lib/mercadopago-sdk.ts', () => ({ loadMercadoPago: vi.fn() }));

const MERCADO_PAGO: PaymentConfig = {
  provider: 'mercadopago',
  testMode: false,
  publicKey: 'APP_USR-public-key',
  sdkUrl: 'https://sdk.mercadopago.com/js/v2',
  cardTokenUrl: 'https://api.mercadopago.com/v1/card_tokens?public_key=APP_USR-public-key',
  simulation: false,
  credits: true,
};
const QUOTE = {
  zipCode: '01310-100',
  state: 'SP',
  region: 'SE',
  source: 'table',
  options: [{ serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC', priceCents: 1_990, minDays: 4, maxDays: 7 }],
  freeShippingThresholdCents: null,
};
const items: CartItem[] = [{ id: 'a0000000-0000-4000-8000-000000000001', name: 'Anel Solitário', priceCents: 12_990, quantity: 1, imageUrl: null }];
const PIX_ORDER = sampleOrder({ payment: { method: 'pix', card: null, boleto: null, pix: { payload: '000201...', expiresAt: '2026-11-21T13:30:00.000Z' }, paidAt: null } });

/** A MercadoPago.js whose secure fields mount into their containers and do nothing else. */
function fakeMercadoPago() {
  const field = { mount: () => field, unmount: () => field, on: () => field };
  return class {
    fields = { create: () => field, createCardToken: () => Promise.resolve({ id: 'tok' }) };
    getPaymentMethods = () => Promise.resolve({ results: [] });
  } as unknown as new () => MercadoPagoInstance;
}

let view: Rendered;
let onPlaced: ReturnType<typeof vi.fn<(order: Order) => void>>;
/** What `GET /api/payments/config` answers now. */
let config: () => Response;
let calls: Call[];
const input = (name: string) => view.container.querySelector<HTMLInputElement>(`#checkout-${name}`);
const submit = () => act(async () => view.container.querySelector('form')!.requestSubmit());
const unavailable = () => view.container.querySelector('[data-testid="card-payment-unavailable"]');
const orders = () => calls.filter((call) => call.url === 'http://api.test/api/orders');

/** Every input a card could be typed into in the page (the sandbox's test form). */
function cardInputsInPage(): Element[] {
  return [...view.container.querySelectorAll('input, select, textarea')].filter(
    (element) => ['checkout-cardNumber', 'checkout-cardExpiry', 'checkout-cardCvv'].includes(element.id) || /^cc-(number|exp|csc)/.test(element.getAttribute('autocomplete') ?? ''),
  );
}

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

beforeEach(async () => {
  onPlaced = vi.fn<(order: Order) => void>();
  config = () => json(503, { error: 'unavailable' });
  calls = stubApi((call) => {
    if (call.url === 'http://api.test/api/payments/config') return config();
    if (call.url === 'http://api.test/api/shipping/quotes') return json(200, QUOTE);
    if (call.url === 'http://api.test/api/store-offers') return json(200, { pixDiscountPercent: 0, freeShippingThresholdCents: null, freeShippingRegions: null });
    if (call.url === 'http://api.test/api/orders') return json(201, PIX_ORDER);
    return json(404, {});
  });
  vi.mocked(loadMercadoPago).mockReset();
  view = render(<CheckoutForm items={items} pricesReady defaultEmail="maria@example.com" onPlaced={onPlaced} />, { path: '/checkout' });
  await flush();
});
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('cardEntryOf', () => {
  it('gives the in-page form to the sandbox only', () => {
    expect(cardEntryOf(undefined)).toEqual({ kind: 'unavailable' });
    expect(cardEntryOf({ ...MERCADO_PAGO, sdkUrl: null })).toEqual({ kind: 'unavailable' });
    expect(cardEntryOf(MERCADO_PAGO)).toEqual({ kind: 'secure-fields', sdkUrl: MERCADO_PAGO.sdkUrl, publicKey: MERCADO_PAGO.publicKey });
    expect(cardEntryOf({ ...MERCADO_PAGO, provider: 'sandbox', sdkUrl: null, publicKey: null })).toEqual({ kind: 'sandbox-form' });
  });
});

describe('the payment configuration fails to load', () => {
  it('shows the message and a retry instead of any card input', () => {
    // The card is the form's default method.
    expect(view.container.querySelector<HTMLInputElement>('input[name="paymentMethod"][value="credit-card"]')!.checked).toBe(true);
    expect(unavailable()!.textContent).toContain(CARD_PAYMENT_UNAVAILABLE);
    expect(button(view.container, 'Tentar novamente')).toBeDefined();
    expect(cardInputsInPage()).toEqual([]);
    expect(view.container.querySelector('[data-secure-field]')).toBeNull();
  });

  it('sends no card order, and places the order by PIX', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    fillCustomer();
    await flush();
    await submit();
    await flush();
    expect(error).toHaveBeenCalledWith('Pagamento com cartão indisponível', { description: CARD_PAYMENT_UNAVAILABLE });
    expect(orders()).toEqual([]);

    click(view.container.querySelector('input[name="paymentMethod"][value="pix"]'));
    expect(unavailable()).toBeNull();
    await submit();
    await flush();
    expect(orders().map((call) => (call.body as { payment: unknown }).payment)).toEqual([{ method: 'pix' }]);
    expect(onPlaced).toHaveBeenCalledWith(PIX_ORDER);
  });

  it("retries: Mercado Pago's answer mounts its secure fields, never the in-page form", async () => {
    vi.mocked(loadMercadoPago).mockResolvedValue(fakeMercadoPago());
    config = () => json(200, MERCADO_PAGO);
    click(button(view.container, 'Tentar novamente'));
    await flush();
    expect(unavailable()).toBeNull();
    expect(vi.mocked(loadMercadoPago)).toHaveBeenCalledWith(MERCADO_PAGO.sdkUrl);
    expect([...view.container.querySelectorAll('[data-secure-field]')].map((element) => element.getAttribute('data-secure-field'))).toEqual(['cardNumber', 'cardExpiry', 'cardCvv']);
    expect(cardInputsInPage()).toEqual([]);
  });
});

describe("MercadoPago.js fails to load for a Mercado Pago store", () => {
  beforeEach(async () => {
    vi.mocked(loadMercadoPago).mockRejectedValue(new Error('MercadoPago.js could not be loaded'));
    config = () => json(200, MERCADO_PAGO);
    await act(() => view.queryClient.refetchQueries({ queryKey: ['payments', 'config'] }));
    await flush();
  });

  it('shows the message instead of the fields, and a retry loads the SDK again', async () => {
    expect(unavailable()!.textContent).toContain(CARD_PAYMENT_UNAVAILABLE);
    expect(cardInputsInPage()).toEqual([]);
    expect(view.container.querySelector('[data-secure-field]')).toBeNull();
    expect(input('cardName')).toBeNull();

    vi.mocked(loadMercadoPago).mockResolvedValue(fakeMercadoPago());
    click(button(view.container, 'Tentar novamente'));
    await flush();
    expect(vi.mocked(loadMercadoPago)).toHaveBeenCalledTimes(2);
    expect(unavailable()).toBeNull();
    expect(view.container.querySelectorAll('[data-secure-field]')).toHaveLength(3);
    expect(cardInputsInPage()).toEqual([]);
  });
});
