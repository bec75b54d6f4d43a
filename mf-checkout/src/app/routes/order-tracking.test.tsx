/**
 * `/pedido/:token` and `/rastrear-pedido`: the tracking page loads the order anonymously (no
 * access token sent) and shows status, items, totals, the shipment with its carrier link and a
 * pending PIX code with its copy button; a withheld code sends to the account; a refused (404) or
 * expired (410) link and a malformed one explain themselves and lead to 'Rastrear pedido'. The
 * lookup form sends the number with the e-mail or the CPF's digits, opens `/pedido/<token>`, and
 * shows the service's one generic message otherwise.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_TRACKING_EXPIRED_MESSAGE, ORDER_TRACKING_INVALID_MESSAGE, ORDER_TRACKING_NOT_FOUND_MESSAGE, type OrderTrackingView } from '@prata/contracts';
import { formatBRL } from '@prata/shared-ui';
import { useSessionStore } from '@prata/shared-ui/state';
import { json, paymentApi, sampleOrder, stubApi, type Call } from '../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../testing/render.tsx';
import { OrderTrackingRoute } from './order-tracking.tsx';
import { TrackOrderRoute } from './track-order.tsx';

vi.mock('qrcode', () => ({ default: { toDataURL: vi.fn(async () => 'data:image/png;base64,QRCODE') } }));

const TOKEN = 'T'.repeat(60) + 'abc_-0123456';
const API = `http://api.test/api/order-tracking/${TOKEN}`;

function trackingView(over: Partial<OrderTrackingView> = {}): OrderTrackingView {
  const { shipping: _address, shipment: _shipment, ...order } = sampleOrder();
  return { ...order, shipping: { city: 'São Paulo', state: 'SP' }, shipment: null, paymentCodeInAccount: false, ...over };
}

let view: Rendered;
let calls: Call[];
const answerWith = (response: () => Response) => (calls = stubApi(paymentApi((call) => (call.url === API ? response() : json(404, { error: 'not_found', message: 'x' })))));
const text = () => view.container.textContent ?? '';

beforeEach(() => {
  // A session in this browser must not be sent: the link is the authorisation.
  useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 'access-token', roles: [] });
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('OrderTrackingRoute', () => {
  it('shows a shipped order anonymously: status, items, totals, destination city/UF, tracking code and carrier link', async () => {
    answerWith(() =>
      json(
        200,
        trackingView({
          status: 'shipped',
          shipment: { carrier: 'Correios', trackingCode: 'QB123456789BR', shippedAt: '2026-11-22T15:00:00.000Z', deliveredAt: null, trackingUrl: 'https://www.melhorrastreio.com.br/rastreio/QB123456789BR' },
        }),
      ),
    );
    view = render(<OrderTrackingRoute />, { path: `/pedido/${TOKEN}`, route: '/pedido/:token' });
    await flush();
    const call = calls.find((c) => c.url === API)!;
    expect(call.headers.authorization).toBeUndefined();
    expect(view.container.querySelector('h1')!.textContent).toBe('Acompanhar pedido');
    expect(view.container.querySelector('[data-testid="order-number"]')!.textContent).toBe('P925-000042');
    expect(view.container.querySelector('[data-testid="order-status"]')!.textContent).toBe('Enviado');
    expect(view.container.querySelector('[data-testid="tracking-code"]')!.textContent).toBe('QB123456789BR');
    const carrier = view.container.querySelector<HTMLAnchorElement>('a[href^="https://www.melhorrastreio.com.br/"]')!;
    expect(carrier.rel).toContain('noreferrer');
    expect(text()).toContain('Anel Solitário × 2');
    expect(text()).toContain(`Total${formatBRL(25_980)}`);
    expect(view.container.querySelector('[data-testid="order-destination"]')!.textContent).toBe('Destino: São Paulo/SP');
    expect(text()).toContain('Ver na minha conta');
    expect(text()).not.toContain('Devolver ou trocar');
    expect(button(view.container, 'Simular pagamento')).toBeUndefined();
  });

  it('shows a pending PIX code with its copy button, and no simulation', async () => {
    const pix = { payload: '00020126580014br.gov.bcb.pix0136pix@prata925.com.br5204000053039865802BR6304ABCD', expiresAt: '2026-11-21T13:30:00.000Z' };
    answerWith(() => json(200, trackingView({ status: 'pending', payment: { method: 'pix', card: null, pix, boleto: null, paidAt: null } })));
    view = render(<OrderTrackingRoute />, { path: `/pedido/${TOKEN}`, route: '/pedido/:token' });
    await flush();
    expect(view.container.querySelector<HTMLTextAreaElement>('[data-testid="pix-payload"]')!.value).toBe(pix.payload);
    expect(button(view.container, 'Copiar código PIX')).toBeDefined();
    expect(button(view.container, 'Simular pagamento')).toBeUndefined();
  });

  it('sends to the account when the PIX code is withheld', async () => {
    answerWith(() => json(200, trackingView({ status: 'pending', paymentCodeInAccount: true, payment: { method: 'pix', card: null, pix: null, boleto: null, paidAt: null } })));
    view = render(<OrderTrackingRoute />, { path: `/pedido/${TOKEN}`, route: '/pedido/:token' });
    await flush();
    expect(text()).toContain('Para ver o código PIX, entre na sua conta e abra o pedido.');
  });

  it('offers "Devolver ou trocar" once returnable: sign-in, or a code e-mailed to the masked address that opens the return form', async () => {
    const GRANT = 'G'.repeat(72);
    const returnsView = { withdrawalUntil: '2026-12-09T02:59:59.999Z', open: true, returnable: [{ orderItemId: 'd0000000-0000-4000-8000-000000000001', productName: 'Anel Solitário', variantLabel: null, variantId: null, bought: 1, quantity: 1, options: [] }], requests: [] };
    calls = stubApi(
      paymentApi((call) => {
        if (call.url === API) return json(200, trackingView({ status: 'delivered' }));
        if (call.url === `${API}/return-access`) return json(200, { open: true, maskedEmail: 'm***@example.com' });
        if (call.url === `${API}/return-code`) return json(200, { maskedEmail: 'm***@example.com', expiresAt: '2026-12-02T13:10:00.000Z' });
        if (call.url === `${API}/return-code/verify`) return (call.body as { code: string }).code === '123456' ? json(200, { grant: GRANT, expiresAt: '2026-12-02T13:30:00.000Z' }) : json(400, { error: 'return_code_wrong', message: 'Código incorreto. Restam 4 tentativas.', issues: [{ path: 'code', message: 'Código incorreto. Restam 4 tentativas.' }] });
        if (call.url === `${API}/returns`) return json(200, returnsView);
        return json(404, { error: 'not_found', message: 'x' });
      }),
    );
    view = render(<OrderTrackingRoute />, { path: `/pedido/${TOKEN}`, route: '/pedido/:token' });
    await flush();
    click(button(view.container, 'Devolver ou trocar'));
    const signIn = [...view.container.querySelectorAll('a')].find((a) => a.textContent === 'Entrar na conta')!;
    expect(signIn.getAttribute('href')).toBe('/auth');
    expect(text()).toContain('m***@example.com');
    expect(text()).not.toContain('maria@example.com');

    click(button(view.container, 'Receber código por e-mail'));
    await flush();
    expect(calls.filter((c) => c.url === `${API}/return-code`)).toHaveLength(1);
    expect(view.container.querySelector('[data-testid="return-code-sent"]')!.textContent).toContain('m***@example.com');
    const input = view.container.querySelector('input[autocomplete="one-time-code"]');
    typeInto(input, '654321');
    click(button(view.container, 'Confirmar código'));
    await flush();
    expect(text()).toContain('Código incorreto. Restam 4 tentativas.');
    typeInto(input, '123456');
    click(button(view.container, 'Confirmar código'));
    await flush(10);
    const fetched = calls.find((c) => c.url === `${API}/returns`)!;
    expect(fetched.headers['x-return-grant']).toBe(GRANT);
    expect(fetched.headers.authorization).toBeUndefined();
    // The form is a chunk of its own, loaded on demand.
    for (let i = 0; i < 20 && !view.container.querySelector('form[aria-label="Devolver ou trocar"]'); i += 1) await flush();
    expect(view.container.querySelector('form[aria-label="Devolver ou trocar"]')).not.toBeNull();
  });

  it.each([
    [404, ORDER_TRACKING_INVALID_MESSAGE, 'Link de acompanhamento inválido'],
    [410, ORDER_TRACKING_EXPIRED_MESSAGE, 'Este link expirou'],
  ])('explains a %i and leads to Rastrear pedido', async (status, message, title) => {
    answerWith(() => json(status, { error: 'x', message }));
    view = render(<OrderTrackingRoute />, { path: `/pedido/${TOKEN}`, route: '/pedido/:token' });
    await flush();
    expect(view.container.querySelector('h1')!.textContent).toBe(title);
    expect(view.container.querySelector('a[href="/rastrear-pedido"]')!.textContent).toBe('Rastrear pedido');
  });

  it('does not call the service for a cut link', async () => {
    answerWith(() => json(200, trackingView()));
    view = render(<OrderTrackingRoute />, { path: `/pedido/${TOKEN.slice(0, 40)}`, route: '/pedido/:token' });
    await flush();
    expect(calls.filter((c) => c.url.includes('order-tracking'))).toEqual([]);
    expect(view.container.querySelector('h1')!.textContent).toBe('Link de acompanhamento inválido');
  });
});

describe('TrackOrderRoute', () => {
  const LOOKUP = 'http://api.test/api/order-tracking/lookup';
  const fill = async (orderNumber: string, contact: string) => {
    typeInto(view.container.querySelector('[name="orderNumber"]'), orderNumber);
    typeInto(view.container.querySelector('[name="contact"]'), contact);
    click(button(view.container, 'Rastrear pedido'));
    await flush();
  };

  it('sends the number with the e-mail, then opens /pedido/<token>', async () => {
    calls = stubApi((call) => (call.url === LOOKUP ? json(200, { token: TOKEN }) : json(404, {})));
    view = render(<TrackOrderRoute />, { path: '/rastrear-pedido' });
    await fill(' p925-abcde ', 'Maria@Exemplo.com.br');
    expect(calls.map((c) => [c.method, c.url, c.body, c.headers.authorization])).toEqual([['POST', LOOKUP, { orderNumber: 'p925-abcde', email: 'Maria@Exemplo.com.br' }, undefined]]);
    expect(view.location().path).toBe(`/pedido/${TOKEN}`);
  });

  it("sends a CPF's digits", async () => {
    calls = stubApi(() => json(200, { token: TOKEN }));
    view = render(<TrackOrderRoute />, { path: '/rastrear-pedido' });
    await fill('P925-ABCDE', '529.982.247-25');
    expect(calls[0]!.body).toEqual({ orderNumber: 'P925-ABCDE', cpf: '52998224725' });
  });

  it("shows the service's generic message and stays when nothing matches", async () => {
    calls = stubApi(() => json(404, { error: 'not_found', message: ORDER_TRACKING_NOT_FOUND_MESSAGE }));
    view = render(<TrackOrderRoute />, { path: '/rastrear-pedido' });
    await fill('P925-ABCDE', 'outra@example.com');
    expect(view.container.querySelector('[data-testid="track-order-problem"]')!.textContent).toBe(ORDER_TRACKING_NOT_FOUND_MESSAGE);
    expect(view.location().path).toBe('/rastrear-pedido');
  });

  it('refuses an input that is neither an e-mail nor a CPF without calling the service', async () => {
    calls = stubApi(() => json(200, { token: TOKEN }));
    view = render(<TrackOrderRoute />, { path: '/rastrear-pedido' });
    await fill('P925-ABCDE', '123');
    expect(calls).toEqual([]);
    expect(text()).toContain('Informe um e-mail ou CPF válido');
  });
});
