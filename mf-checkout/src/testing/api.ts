/** Fake API for component tests: the runtime config points at http://api.test and fetch is stubbed. */
import { vi } from 'vitest';
import type { Order, PaymentConfig } from '@prata/contracts';
import { setRuntimeConfig } from '@prata/shared-ui/state';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Stubs fetch with `handler`; returns the calls made. */
export function stubApi(handler: (call: Call) => Response | Promise<Response>): Call[] {
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: String(url),
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const ORDER_ID = 'b0000000-0000-4000-8000-000000000001';

export function sampleOrder(over: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    number: 'P925-000042',
    status: 'paid',
    totalCents: 25_980,
    createdAt: '2026-11-21T13:00:00.000Z',
    items: [{ productId: 'a0000000-0000-4000-8000-000000000001', productName: 'Anel Solitário', variantId: null, sku: null, variantLabel: null, quantity: 2, unitPriceCents: 12_990, totalPriceCents: 25_980 }],
    shipping: { recipient: 'Maria Silva', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    delivery: { minDays: 4, maxDays: 7 },
    pricing: { subtotalCents: 25_980, shippingCents: 0, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 25_980, storeCreditCents: 0, amountDueCents: 25_980 },
    shippingService: { serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC' },
    payment: { method: 'credit-card', card: { brand: 'Visa', last4: '1111', installments: 3, installmentAmounts: [8_660, 8_660, 8_660] }, pix: null, boleto: null, paidAt: '2026-11-21T13:00:02.000Z' },
    shipment: null,
    cancellation: null,
    timeline: [
      { status: 'pending', at: '2026-11-21T13:00:00.000Z', note: null },
      { status: 'paid', at: '2026-11-21T13:00:02.000Z', note: null },
    ],
    refundedCents: 0,
    ...over,
  };
}

/** The sandbox's payment configuration (test mode, simulation on). */
export const SANDBOX_CONFIG: PaymentConfig = {
  provider: 'sandbox',
  testMode: true,
  publicKey: null,
  sdkUrl: null,
  cardTokenUrl: 'http://api.test/api/payments/sandbox/card-tokens',
  simulation: true,
  credits: true,
};

/**
 * A handler that answers the payment configuration and the sandbox's card tokenisation
 * (token `tok_<last 4>`), passing every other call to `handler`.
 */
export function paymentApi(handler: (call: Call) => Response | Promise<Response>, config: PaymentConfig = SANDBOX_CONFIG): (call: Call) => Response | Promise<Response> {
  return (call) => {
    if (call.url === 'http://api.test/api/payments/config') return json(200, config);
    if (call.url === 'http://api.test/api/payments/sandbox/card-tokens') {
      const number = String((call.body as { card_number: string }).card_number);
      return json(201, { id: `tok_${number.slice(-4)}`, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4), expiration_month: 12, expiration_year: 2030 });
    }
    return handler(call);
  };
}
