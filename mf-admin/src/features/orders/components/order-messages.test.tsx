/**
 * The WhatsApp messages on the staff's order page: each update with its status, and the error of
 * a failed one; a note when WhatsApp is not configured; nothing when the shopper did not opt in.
 */
import { describe, expect, it } from 'vitest';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { OrderMessages } from './order-messages.tsx';

setupMountWithApi();

const ORDER_ID = 'a0000000-0000-4000-8000-000000000001';
const message = (kind: string, status: string, extra: object = {}) => ({
  id: `b0000000-0000-4000-8000-00000000000${kind.length}`,
  channel: 'whatsapp',
  kind,
  template: `prata_${kind}`,
  status,
  attempts: 1,
  error: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  sentAt: '2026-11-27T12:00:05.000Z',
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  ...extra,
});

describe('OrderMessages (admin)', () => {
  it('lists each message with its status, and the error of a failed one', async () => {
    const { view, calls } = await mountWithApi(<OrderMessages orderId={ORDER_ID} />, {
      enabled: true,
      optIn: true,
      messages: [
        message('received', 'read', { deliveredAt: '2026-11-27T12:01:00.000Z', readAt: '2026-11-27T12:02:00.000Z' }),
        message('paid', 'failed', { failedAt: '2026-11-27T13:00:00.000Z', error: '131026 Message Undeliverable' }),
      ],
    });
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    const card = view.container.querySelector('[data-testid="admin-order-messages"]')!;
    expect(card.querySelector('[data-testid="admin-order-message-received"]')!.textContent).toMatch(/^Pedido recebidoLida · /);
    const failed = card.querySelector('[data-testid="admin-order-message-paid"]')!.textContent!;
    expect(failed).toMatch(/^Pagamento confirmadoFalhou · /);
    expect(failed).toContain('131026 Message Undeliverable (o e-mail foi enviado)');
  });

  it('says when WhatsApp is not configured, and shows nothing without the opt-in', async () => {
    const off = await mountWithApi(<OrderMessages orderId={ORDER_ID} />, { enabled: false, optIn: true, messages: [] });
    expect(off.view.container.textContent).toContain('o WhatsApp não está configurado nesta loja');
    off.view.unmount();
    const none = await mountWithApi(<OrderMessages orderId={ORDER_ID} />, { enabled: true, optIn: false, messages: [] });
    expect(none.view.container.querySelector('[data-testid="admin-order-messages"]')).toBeNull();
  });
});
