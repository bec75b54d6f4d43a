/**
 * The order's label: where labels are sold, a paid order offers
 * 'Comprar etiqueta' with a fresh quote and the shopper's service preselected; buying sends that
 * service and then shows the label's code and status with 'Imprimir etiqueta'; with
 * `CARRIER=table` nothing shows (the owner ships by hand).
 */
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, OrderShipment } from '@prata/contracts';
import { setRuntimeConfig, toast } from '@prata/shared-ui';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { OrderLabel } from './order-label.tsx';

const ORDER_ID = '3ce0ae7c-b783-417c-8267-9e82f461733c';
const order = { id: ORDER_ID, number: 'P925-YYN3A', status: 'paid' } as AdminOrder;
const LABEL: OrderShipment = {
  provider: 'melhorenvio',
  carrierOrderId: '9a000001-0000-4000-8000-000000000000',
  protocol: 'ORD-202611000001',
  serviceId: 'melhorenvio-2',
  carrier: 'Correios',
  serviceName: 'SEDEX',
  priceCents: 2_919,
  trackingCode: 'QB100000001BR',
  labelUrl: 'https://melhorenvio.com.br/imprimir/9a000001',
  carrierStatus: 'generated',
  lastCheckedAt: null,
  createdAt: '2026-11-29T13:00:00.000Z',
};
const OPTIONS = {
  source: 'carrier',
  preselectedServiceId: 'melhorenvio-2',
  options: [
    { serviceId: 'melhorenvio-1', carrier: 'Correios', name: 'PAC', priceCents: 1_928, minDays: 5, maxDays: 8 },
    { serviceId: 'melhorenvio-2', carrier: 'Correios', name: 'SEDEX', priceCents: 2_919, minDays: 2, maxDays: 4 },
  ],
};

let view: Rendered | undefined;
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The API by route: the label state (changing once bought), the options, and the purchase. */
async function show(labelsAvailable: boolean, status: AdminOrder['status'] = 'paid') {
  let bought: OrderShipment | null = null;
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url).pathname;
      let body: unknown = { error: 'not_found', message: 'Não encontrado' };
      if (path.endsWith('/shipment')) body = { labelsAvailable, shipment: bought };
      if (path.endsWith('/label-options')) body = OPTIONS;
      if (path.endsWith('/label') && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        bought = LABEL;
        body = LABEL;
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  view = render(<OrderLabel order={{ ...order, status }} />);
  await flush();
  return { posts };
}
const button = (name: string) => [...document.querySelectorAll('button')].find((element) => element.textContent === name);

describe('OrderLabel', () => {
  it('buys the preselected service from a fresh quote and then offers the label to print', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const { posts } = await show(true);
    await act(async () => button('Comprar etiqueta')!.click());
    const radios = () => [...document.querySelectorAll<HTMLInputElement>('input[type="radio"][name="label-service"]')];
    // The dialog's implementation is a lazy chunk: wait for it and the quote.
    await vi.waitFor(async () => {
      await flush();
      expect(radios()).toHaveLength(2);
    });
    expect(radios().map((radio) => [radio.value, radio.checked])).toEqual([
      ['melhorenvio-1', false],
      ['melhorenvio-2', true],
    ]);
    expect(document.body.textContent).toMatch(/Correios SEDEX · R\$\s29,19/);
    expect(document.body.textContent).toContain('2 a 4 dias úteis · escolhido pelo cliente');

    const confirm = [...document.querySelectorAll('button')].filter((element) => element.textContent === 'Comprar etiqueta').at(-1)!;
    await act(async () => confirm.click());
    await flush();
    await flush();
    expect(posts).toEqual([{ serviceId: 'melhorenvio-2' }]);
    expect(toast.success).toHaveBeenCalledWith('Etiqueta comprada', { description: 'Pedido P925-YYN3A enviado · rastreio QB100000001BR' });
    const label = view!.container.querySelector('[data-testid="order-label"]')!;
    expect(label.textContent).toContain('Etiqueta Correios SEDEX · QB100000001BR · Etiqueta gerada');
    expect(label.querySelector('a')!.getAttribute('href')).toBe(LABEL.labelUrl);
    expect(label.querySelector('a')!.textContent).toBe('Imprimir etiqueta');
  });

  it('shows nothing where labels are not sold, or before the order is paid', async () => {
    await show(false);
    expect(view!.container.textContent).toBe('');
    view!.unmount();
    await show(true, 'pending');
    expect(view!.container.textContent).toBe('');
  });
});
