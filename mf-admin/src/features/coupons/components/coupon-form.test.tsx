/**
 * The Cupons tab: the form sends the typed coupon in the service's units (percent
 * whole, reais -> cents, local date and time -> ISO, empty limits -> null), hides the value for
 * free shipping, refuses broken rules under their fields before any request, edits through PATCH
 * and shows a code already taken under the code; the list shows uses and status and pauses.
 */
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '@prata/contracts';
import { setRuntimeConfig, toast } from '@prata/shared-ui';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { CouponForm } from './coupon-form.tsx';
import { CouponList } from './coupon-list.tsx';

let view: Rendered;
let calls: { method: string; url: string; body: unknown }[];
/** Renders `ui` with the API answering `answers` in order (`[status, body]`). */
async function mount(ui: ReactNode, ...answers: [number, unknown][]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url: String(url), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const [status, body] = answers.shift() ?? [500, {}];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  view = render(ui);
  await flush();
}
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const field = (label: string) => inputByLabel(view.container, label);
const choose = (label: string, value: string) =>
  act(() => {
    const select = field(label) as unknown as HTMLSelectElement;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
const submit = async () => {
  act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await flush();
};
const sent = (method: string) => calls.filter((call) => call.method === method);
const labels = () => [...view.container.querySelectorAll('label')].map((label) => label.textContent?.trim());

const stored: Coupon = {
  id: '6f9d1c56-6f0a-4b8e-9a51-1f0c8f3f7a10',
  code: 'NATAL',
  kind: 'fixed',
  value: 2_000,
  minOrderCents: null,
  startsAt: null,
  endsAt: null,
  maxUses: 50,
  maxUsesPerCustomer: null,
  firstPurchaseOnly: false,
  paused: false,
  status: 'active',
  usedCount: 12,
  discountTotalCents: 24_000,
  createdAt: '2026-11-20T12:00:00.000Z',
};

describe('CouponForm', () => {
  it('creates a percent coupon with the values in the service units', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const done = vi.fn();
    await mount(<CouponForm coupon={null} onDone={done} />, [201, { ...stored, code: 'PRATA10' }]);
    type(field('Código *'), 'prata10');
    expect(field('Código *').value).toBe('PRATA10');
    type(field('Desconto (%) *'), '15');
    type(field('Pedido mínimo (R$)'), '150');
    type(field('Válido a partir de'), '2026-12-01T09:00');
    type(field('Válido até'), '2026-12-31T23:59');
    type(field('Limite de usos'), '100');
    type(field('Limite por cliente'), '1');
    act(() => field('Só na primeira compra').click());
    await submit();
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        url: 'http://127.0.0.1:3000/api/admin/coupons',
        body: {
          code: 'PRATA10',
          kind: 'percent',
          value: 15,
          minOrderCents: 15_000,
          startsAt: new Date(2026, 11, 1, 9, 0).toISOString(),
          endsAt: new Date(2026, 11, 31, 23, 59).toISOString(),
          maxUses: 100,
          maxUsesPerCustomer: 1,
          firstPurchaseOnly: true,
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Cupom criado');
    expect(done).toHaveBeenCalled();
  });

  it('sends a fixed amount in cents, and no value for free shipping', async () => {
    await mount(<CouponForm coupon={null} onDone={() => undefined} />, [201, stored], [201, stored]);
    type(field('Código *'), 'DESCONTO-20');
    choose('Tipo *', 'fixed');
    type(field('Desconto (R$) *'), '19,9');
    await submit();
    expect(sent('POST')[0]!.body).toMatchObject({ kind: 'fixed', value: 1_990, minOrderCents: null, maxUses: null, maxUsesPerCustomer: null, startsAt: null, endsAt: null });

    choose('Tipo *', 'free_shipping');
    expect(labels()).not.toContain('Desconto (R$) *');
    await submit();
    expect(sent('POST')[1]!.body).toMatchObject({ kind: 'free_shipping', value: null });
  });

  it('refuses broken rules under their fields before any request', async () => {
    await mount(<CouponForm coupon={null} onDone={() => undefined} />);
    type(field('Código *'), 'AB');
    type(field('Desconto (%) *'), '95');
    type(field('Válido a partir de'), '2026-12-10T10:00');
    type(field('Válido até'), '2026-12-10T09:00');
    await submit();
    expect(calls).toEqual([]);
    const text = view.container.textContent;
    expect(text).toContain('Código inválido: use de 3 a 30 letras (sem acento), números ou hífen');
    expect(text).toContain('O percentual vai de 1 a 90%');
    expect(text).toContain('O fim da validade deve ser depois do início');
  });

  it('edits a stored coupon through PATCH and shows a code already taken under the code', async () => {
    vi.spyOn(toast, 'error').mockReturnValue(undefined);
    await mount(<CouponForm coupon={stored} onDone={() => undefined} />, [409, { error: 'coupon_code_taken', message: 'Já existe um cupom com este código' }]);
    expect(field('Desconto (R$) *').value).toBe('20,00');
    expect(field('Limite de usos').value).toBe('50');
    type(field('Código *'), 'PRATA10');
    await submit();
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: `http://127.0.0.1:3000/api/admin/coupons/${stored.id}`,
        body: { code: 'PRATA10', kind: 'fixed', value: 2_000, minOrderCents: null, startsAt: null, endsAt: null, maxUses: 50, maxUsesPerCustomer: null, firstPurchaseOnly: false },
      },
    ]);
    expect(field('Código *').getAttribute('aria-invalid')).toBe('true');
    expect(view.container.textContent).toContain('Já existe um cupom com este código');
  });
});

describe('CouponList', () => {
  it('shows uses, status and the discount given, and pauses a coupon', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    await mount(<CouponList />, [200, [stored]], [200, { ...stored, paused: true, status: 'paused' }], [200, [{ ...stored, paused: true, status: 'paused' }]]);
    const row = view.container.querySelector('tbody tr')!;
    expect([...row.querySelectorAll('th, td')].slice(0, 6).map((cell) => cell.textContent)).toEqual(['NATAL', 'R$\u00a020,00', 'Sem prazo', '12 / 50', 'Ativo', 'R$\u00a0240,00']);
    act(() => view.container.querySelector<HTMLButtonElement>('button[aria-label="Pausar NATAL"]')!.click());
    await flush();
    expect(sent('PATCH').map((call) => call.body)).toEqual([{ paused: true }]);
    expect(toast.success).toHaveBeenCalledWith('Cupom NATAL pausado');
    expect(view.container.querySelector('tbody tr')!.textContent).toContain('Pausado');
  });
});
