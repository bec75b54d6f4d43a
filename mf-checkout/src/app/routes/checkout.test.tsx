/**
 * Checkout route guards (storefront.md 2, 4, 5): an empty cart goes to /carrinho with the toast
 * 'Carrinho vazio'; a signed-out shopper goes to /auth with `{ from: '/checkout' }`; a signed-in
 * shopper with items sees the form with the e-mail prefilled.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBRL } from '@prata/shared-ui';
import { toast, useCartStore, useSessionStore } from '@prata/shared-ui/state';
import { useCartNoticesStore } from '../../features/cart/stores/cart-notices-store.ts';
import { json, stubApi } from '../../testing/api.ts';
import { flush, render, type Rendered } from '../../testing/render.tsx';
import { CheckoutRoute } from './checkout.tsx';

const ring = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Anel Solitário', priceCents: 12_990, quantity: 1, imageUrl: null };
const product = {
  id: ring.id,
  slug: 'anel',
  name: ring.name,
  category: 'aneis',
  priceCents: ring.priceCents,
  description: null,
  imageUrl: null,
  images: [],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: 5,
  available: 5,
  options: [],
  variants: [],
  rating: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};
const paymentConfig = { provider: 'sandbox', testMode: true, publicKey: null, sdkUrl: null, cardTokenUrl: 'http://api.test/api/payments/sandbox/card-tokens', simulation: true };
let view: Rendered;

/** The checkout form, once its chunk (loaded on demand) has rendered. */
const checkoutForm = () =>
  vi.waitFor(() => {
    const form = view.container.querySelector('form');
    if (!form) throw new Error('no form yet');
    return form;
  });

beforeEach(() => {
  stubApi(() => json(200, []));
});
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
  useCartNoticesStore.getState().dismiss();
});

describe('CheckoutRoute', () => {
  it("sends an empty cart to /carrinho with 'Carrinho vazio'", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    useCartStore.setState({ items: [] });
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    view = render(<CheckoutRoute />, { path: '/checkout' });
    await flush(1);
    expect(view.location().path).toBe('/carrinho');
    expect(error).toHaveBeenCalledWith('Carrinho vazio', expect.anything());
  });

  it('sends a signed-out shopper to /auth, to come back to /checkout', async () => {
    useCartStore.setState({ items: [ring] });
    useSessionStore.getState().clear();
    view = render(<CheckoutRoute />, { path: '/checkout' });
    await flush(1);
    expect(view.location()).toEqual({ path: '/auth', state: { from: '/checkout' } });
  });

  it('shows the form skeleton while the session is being restored', async () => {
    vi.unstubAllGlobals();
    stubApi(() => json(200, [product]));
    useCartStore.setState({ items: [ring] });
    useSessionStore.setState({ user: null, loading: true });
    view = render(<CheckoutRoute />, { path: '/checkout' });
    await flush(1);
    expect(view.location().path).toBe('/checkout');
    expect(view.container.querySelector('[data-testid="checkout-skeleton"]')!.getAttribute('aria-busy')).toBe('true');
    expect(view.container.querySelector('form')).toBeNull();
  });

  it('holds the form until the payment configuration answers, so its test-mode notice does not push the form down', async () => {
    vi.unstubAllGlobals();
    let answer: (response: Response) => void = () => undefined;
    const config = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    stubApi(({ url }) => (url.endsWith('/api/payments/config') ? config : json(200, [product])));
    useCartStore.setState({ items: [ring] });
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    view = render(<CheckoutRoute />, { path: '/checkout' });
    await flush();
    expect(view.container.querySelector('[data-testid="checkout-skeleton"]')).not.toBeNull();
    expect(view.container.querySelector('form')).toBeNull();
    answer(json(200, paymentConfig));
    await flush();
    const form = await checkoutForm();
    expect(form.textContent).toContain('Modo de teste');
    expect(view.container.querySelector('[data-testid="checkout-skeleton"]')).toBeNull();
  });

  it('shows the form to a signed-in shopper with the e-mail prefilled and the refreshed price', async () => {
    vi.unstubAllGlobals();
    stubApi(({ url }) => (url.endsWith('/api/payments/config') ? json(200, paymentConfig) : json(200, [{ ...product, priceCents: 14_990 }])));
    useCartStore.setState({ items: [ring] });
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    view = render(<CheckoutRoute />, { path: '/checkout' });
    await flush();
    await checkoutForm();
    expect(view.location().path).toBe('/checkout');
    expect(view.container.querySelector<HTMLInputElement>('#checkout-email')!.value).toBe('maria@example.com');
    expect(useCartStore.getState().items[0]!.priceCents).toBe(14_990);
    expect(view.container.querySelector('[data-testid="order-summary"]')!.textContent).toContain(`Total${formatBRL(14_990)}`);
    expect(view.container.textContent).toContain(`O preço de Anel Solitário mudou de ${formatBRL(12_990)} para ${formatBRL(14_990)}.`);
    expect(view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
  });

  it('drops a product the service no longer has (here the only one, so the cart is empty)', async () => {
    vi.spyOn(toast, 'error').mockReturnValue(undefined);
    useCartStore.setState({ items: [ring] });
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    view = render(<CheckoutRoute />, { path: '/checkout' });
    await flush();
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartNoticesStore.getState().notices).toEqual(['Anel Solitário não está mais disponível e foi removido do carrinho.']);
    expect(view.location().path).toBe('/carrinho');
  });
});
