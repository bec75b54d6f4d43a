/** The checkout's gift options and the summary's gift lines: wrap with its price, message with its counter, receipt, production days. */
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftChoices } from '@prata/contracts/gifts';
import { json, stubApi } from '../../../testing/api.ts';
import { click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { NO_GIFT, engravingCentsOf, giftOf, orderLinesOf, productionDaysOf } from '../utils/cart-gifts.ts';
import { GiftOptions } from './gift-options.tsx';
import { OrderSummary } from './order-summary.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const ring = { id: '6f1c1e1a-8f5e-4a3b-9a57-0d6e2f1f7a10', name: 'Anel Gravado', priceCents: 20_000, quantity: 2, imageUrl: null, engraving: { text: 'Ana & João', priceCents: 2_500, extraDays: 3 } };
const chain = { id: '7f1c1e1a-8f5e-4a3b-9a57-0d6e2f1f7a10', name: 'Corrente', priceCents: 10_000, quantity: 1, imageUrl: null };

function Harness({ onChoices }: { onChoices(choices: GiftChoices): void }) {
  const [choices, setChoices] = useState(NO_GIFT);
  return (
    <GiftOptions
      wrap={{ enabled: true, priceCents: 990 }}
      choices={choices}
      onChange={(next) => {
        setChoices(next);
        onChoices(next);
      }}
      productionDays={3}
    />
  );
}

describe('GiftOptions', () => {
  it('offers the wrap with its price, a message with its counter and the receipt without prices', () => {
    const seen: GiftChoices[] = [];
    view = render(<Harness onChoices={(choices) => seen.push(choices)} />);
    const text = view.container.textContent!;
    expect(text).toContain('Embalagem para presente (+ R$\u00a09,90)');
    expect(text).toContain('Incluir recibo de presente (sem preços)');
    expect(view.container.querySelector('[data-testid="gift-production-days"]')!.textContent).toBe('Gravação: +3 dias úteis de produção, somados ao prazo de entrega.');
    click(view.container.querySelector('input[name="giftWrap"]'));
    typeInto(view.container.querySelector('textarea[name="giftMessage"]'), 'Feliz Natal!');
    click(view.container.querySelector('input[name="giftReceipt"]'));
    expect(seen.at(-1)).toEqual({ wrap: true, message: 'Feliz Natal!', receipt: true });
    expect(view.container.textContent).toContain('12/300 caracteres');
  });

  it('hides the wrap the store does not offer', () => {
    view = render(<GiftOptions wrap={{ enabled: false, priceCents: 990 }} choices={NO_GIFT} onChange={() => undefined} productionDays={0} />);
    expect(view.container.querySelector('input[name="giftWrap"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="gift-production-days"]')).toBeNull();
  });
});

describe('the gift part of the order', () => {
  it('sends each line\'s engraving text and only the choices made, and counts the engraving and its days', () => {
    expect(orderLinesOf([ring, chain])).toEqual([
      { productId: ring.id, variantId: null, quantity: 2, engraving: 'Ana & João' },
      { productId: chain.id, variantId: null, quantity: 1 },
    ]);
    expect(giftOf(NO_GIFT)).toEqual({});
    expect(giftOf({ ...NO_GIFT, wrap: true })).toEqual({ gift: { wrap: true, message: '', receipt: false } });
    expect(engravingCentsOf([ring, chain])).toBe(5_000);
    expect(productionDaysOf([ring, chain])).toBe(3);
  });

  it('shows the engraved line, the wrap and engraving rows and the delivery with the production days', async () => {
    stubApi(() => json(404, { error: 'not_found', message: 'x' }));
    const pricing = { subtotalCents: 50_000, shippingCents: 1_990, giftWrapCents: 990, engravingCents: 5_000, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 57_980, storeCreditCents: 0, amountDueCents: 57_980 };
    const pac = { serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC', priceCents: 1_990, minDays: 5, maxDays: 8 };
    view = render(<OrderSummary items={[ring, chain]} pricing={pricing} shipping={pac} productionDays={3} />);
    await flush();
    const text = (id: string) => view!.container.querySelector(`[data-testid="${id}"]`)!.textContent;
    expect(view.container.textContent).toContain('Anel Gravado × 2 — Gravação: “Ana & João”R$\u00a0450,00');
    expect(text('totals-engraving')).toBe('GravaçãoR$\u00a050,00');
    expect(text('totals-gift-wrap')).toBe('Embalagem para presenteR$\u00a09,90');
    expect(text('delivery-estimate')).toBe('Entrega em 8 a 11 dias úteis (PAC, com 3 dias úteis de produção da gravação).');
  });
});
