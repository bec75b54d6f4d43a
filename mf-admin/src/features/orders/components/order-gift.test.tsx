/**
 * The gift on the staff's order page: the wrap and its price, the gift message, the receipt and the
 * production days, with the links to the packing list and the gift receipt; an order without a
 * gift offers the packing list only.
 */
import { describe, expect, it } from 'vitest';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { OrderGift } from './order-gift.tsx';

setupMountWithApi();

const ORDER_ID = 'a0000000-0000-4000-8000-000000000001';
const item = { productId: null, productName: 'Anel Gravado', variantId: null, sku: null, variantLabel: null, quantity: 1, unitPriceCents: 20_000, totalPriceCents: 20_000 };
const links = { packingListUrl: 'http://api/api/order-documents/x/packing-list?expires=1&signature=a', giftReceiptUrl: 'http://api/api/order-documents/x/gift-receipt?expires=1&signature=b' };

describe('OrderGift (admin)', () => {
  it('shows the wrap, the message, the receipt, the production days and both documents', async () => {
    const order = {
      id: ORDER_ID,
      gift: { wrap: true, wrapCents: 990, message: 'Feliz Natal, Mãe!', receipt: true },
      delivery: { minDays: 8, maxDays: 11, productionDays: 3 },
      items: [{ ...item, engraving: { text: 'Ana', unitCents: 2_500 } }],
    };
    const { view, calls } = await mountWithApi(<OrderGift order={order} />, links);
    const card = view.container.querySelector('[data-testid="admin-order-gift"]')!;
    expect(card.textContent).toContain('Presente e gravação');
    expect(card.textContent).toContain('Embalagem para presenteR$\u00a09,90');
    expect(card.querySelector('[data-testid="admin-gift-message"]')!.textContent).toBe('Feliz Natal, Mãe!');
    expect(card.textContent).toContain('Incluir, sem preços');
    expect(card.textContent).toContain('+3 dias úteis de produção');
    expect(card.querySelector('[data-testid="admin-packing-list"]')!.getAttribute('href')).toBe(links.packingListUrl);
    expect(card.querySelector('[data-testid="admin-gift-receipt"]')!.getAttribute('href')).toBe(links.giftReceiptUrl);
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('offers only the packing list for an order without a gift', async () => {
    const order = { id: ORDER_ID, gift: null, delivery: { minDays: 5, maxDays: 8 }, items: [item] };
    const { view } = await mountWithApi(<OrderGift order={order} />, { ...links, giftReceiptUrl: null });
    const card = view.container.querySelector('[data-testid="admin-order-gift"]')!;
    expect(card.textContent).toContain('Documentos');
    expect(card.querySelector('[data-testid="admin-packing-list"]')).not.toBeNull();
    expect(card.querySelector('[data-testid="admin-gift-receipt"]')).toBeNull();
  });
});
