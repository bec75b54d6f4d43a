/** The checkout's events: the cart's value and items, and the purchase keyed by the order's id (the server's purchase uses the same). */
import { describe, expect, it } from 'vitest';
import { ORDER_ID, sampleOrder } from '../../../testing/api.ts';
import { cartEvent, purchaseEvent } from './analytics-events.ts';

describe('checkout analytics events', () => {
  it('values the cart in cents and names each variant', () => {
    const items = [
      { id: 'p1', name: 'Anel', priceCents: 4990, quantity: 2, imageUrl: null, variantId: 'v16', variantLabel: 'Aro 16' },
      { id: 'p2', name: 'Colar', priceCents: 10000, quantity: 1, imageUrl: null },
    ];
    expect(cartEvent('add_payment_info', items, 'pix')).toEqual({
      name: 'add_payment_info',
      valueCents: 19_980,
      paymentType: 'pix',
      items: [
        { id: 'v16', name: 'Anel', priceCents: 4990, quantity: 2, variant: 'Aro 16' },
        { id: 'p2', name: 'Colar', priceCents: 10000, quantity: 1, variant: undefined },
      ],
    });
  });

  it("gives the purchase the order's id as event_id and its number as transaction id", () => {
    const order = sampleOrder();
    expect(purchaseEvent(order)).toMatchObject({ name: 'purchase', eventId: ORDER_ID, transactionId: order.number, valueCents: order.totalCents });
  });
});
