/** Fake API for component tests: the runtime config points at http://api.test and fetch is stubbed. */
import { vi } from 'vitest';
import type { Order } from '@prata/contracts';
import { setRuntimeConfig } from '@prata/shared-ui';

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
    items: [{ productId: 'a0000000-0000-4000-8000-000000000001', productName: 'Anel Solitário', quantity: 2, unitPriceCents: 12_990, totalPriceCents: 25_980 }],
    shipping: { recipient: 'Maria Silva', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    delivery: { minDays: 3, maxDays: 7 },
    payment: { method: 'credit-card', card: { brand: 'Visa', last4: '1111', installments: 3, installmentCents: 8_660 }, pix: null, boleto: null },
    ...over,
  };
}
