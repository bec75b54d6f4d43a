/** The dashboard's 'Recuperação': asks for the last 30 days and shows each figure, the messages per channel and the revenue in BRL. */
import { describe, expect, it, vi } from 'vitest';
import { formatBRL } from '@prata/shared-ui';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { RecoveryCard } from './recovery-card.tsx';

setupMountWithApi();

const report = {
  from: '2026-11-01T12:00:00.000Z',
  to: '2026-12-01T12:00:00.000Z',
  messagesSent: { cartEmails: 12, paymentEmails: 5, paymentWhatsApp: 2, total: 19 },
  cartsRecovered: 3,
  ordersRecovered: 4,
  revenueRecoveredCents: 123_456,
};

describe('RecoveryCard', () => {
  it('shows messages per channel, carts and orders recovered and the net revenue', async () => {
    const { view } = await mountWithApi(<RecoveryCard />, report);
    const text = (id: string) => view.container.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(String(vi.mocked(fetch).mock.calls[0]![0])).toBe('http://127.0.0.1:3000/api/admin/recovery?days=30');
    expect(text('recovery-messages')).toBe('19');
    expect(text('recovery-channels')).toBe('Carrinho: 12 por e-mail · Pagamento: 5 por e-mail, 2 por WhatsApp');
    expect(text('recovery-carts')).toBe('3');
    expect(text('recovery-orders')).toBe('4');
    expect(text('recovery-revenue')).toBe(formatBRL(123_456));
    expect(text('recovery-revenue')).toMatch(/^R\$\s1\.234,56$/);
  });
});
