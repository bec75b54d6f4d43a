/** The checkout summary shows the store's 'Informações de Entrega' section (issue 22), as text. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/api.ts';
import { flush, render, type Rendered } from '../../../testing/render.tsx';
import { OrderSummary } from './order-summary.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

describe('OrderSummary', () => {
  it("shows the shipping_info section the owner edited, in a disclosure", async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/api/content/shipping_info')
        ? json(200, { sectionKey: 'shipping_info', title: 'Informações de Entrega', content: 'Enviamos por Correios.\n<b>Rastreio</b> por e-mail.', updatedAt: '2026-11-20T12:00:00.000Z' })
        : json(404, { error: 'not_found', message: 'x' }),
    );
    view = render(<OrderSummary items={[]} state="SP" />);
    await flush();
    const details = view.container.querySelector('[data-testid="shipping-info"]')!;
    expect(details.querySelector('summary')!.textContent).toBe('Informações de Entrega');
    expect(details.textContent).toContain('<b>Rastreio</b> por e-mail.');
    expect(details.querySelector('b')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/api/content/shipping_info'))).toBe(true);
  });

  it('shows nothing extra when the section cannot be loaded', async () => {
    stubApi(() => json(500, { error: 'internal', message: 'x' }));
    view = render(<OrderSummary items={[]} state="" />);
    await flush();
    expect(view.container.querySelector('[data-testid="shipping-info"]')).toBeNull();
    expect(view.container.textContent).toContain('Frete grátis');
  });
});
