import { describe, expect, it } from 'vitest';
import { priceOrder } from './order-pricing.ts';

const base = { subtotalCents: 19_990, shippingCents: 3_990, coupon: null, pixDiscountPercent: 5, paysByPix: false };

describe('priceOrder', () => {
  it('adds the freight to the goods when there is no discount', () => {
    expect(priceOrder(base)).toEqual({ subtotalCents: 19_990, shippingCents: 3_990, giftWrapCents: 0, engravingCents: 0, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 23_980, storeCreditCents: 0, amountDueCents: 23_980 });
  });

  it('takes the PIX discount off the goods only, rounded in the shopper\'s favour', () => {
    // R$ 199,90 at 5 % = R$ 189,905 -> R$ 189,90 by PIX, so R$ 10,00 off; the freight stays whole.
    expect(priceOrder({ ...base, paysByPix: true })).toMatchObject({ pixDiscountCents: 1_000, totalCents: 18_990 + 3_990 });
  });

  it('applies the PIX discount to the goods left after a goods coupon', () => {
    // 10 % coupon: R$ 19,99 off; R$ 179,91 left, 5 % by PIX = R$ 170,91 (rounded down from 170,9145), R$ 9,00 off.
    const priced = priceOrder({ ...base, paysByPix: true, coupon: { discountCents: 1_999, freeShipping: false } });
    expect(priced).toMatchObject({ couponDiscountCents: 1_999, pixDiscountCents: 900, totalCents: 17_091 + 3_990 });
  });

  it('a free-shipping coupon takes the freight off and leaves the goods to the PIX discount', () => {
    const priced = priceOrder({ ...base, paysByPix: true, coupon: { discountCents: 3_990, freeShipping: true } });
    expect(priced).toMatchObject({ couponDiscountCents: 3_990, pixDiscountCents: 1_000, totalCents: 18_990 });
  });

  it('never discounts more than the goods or the freight', () => {
    expect(priceOrder({ ...base, coupon: { discountCents: 50_000, freeShipping: false } }).totalCents).toBe(3_990);
    expect(priceOrder({ ...base, coupon: { discountCents: 50_000, freeShipping: true } }).totalCents).toBe(19_990);
  });

  it('pays with store credit after the discounts, up to the total', () => {
    // R$ 50,00 of credit on R$ 239,80: R$ 189,80 left to charge.
    expect(priceOrder({ ...base, storeCreditBalanceCents: 5_000 })).toMatchObject({ totalCents: 23_980, storeCreditCents: 5_000, amountDueCents: 18_980 });
    // Security review #9: the PIX discount is only on the goods the PIX pays. R$ 50,00 of credit pays the
    // R$ 39,90 freight and R$ 10,10 of the goods; the PIX pays R$ 189,80 of goods at 5 % = R$ 180,31,
    // so R$ 9,49 off instead of R$ 10,00.
    expect(priceOrder({ ...base, paysByPix: true, storeCreditBalanceCents: 5_000 })).toMatchObject({ pixDiscountCents: 949, totalCents: 23_031, storeCreditCents: 5_000, amountDueCents: 18_031 });
    // Goods paid with credit alone get no PIX discount at all.
    expect(priceOrder({ ...base, paysByPix: true, storeCreditBalanceCents: 100_000 })).toEqual({ subtotalCents: 19_990, shippingCents: 3_990, giftWrapCents: 0, engravingCents: 0, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 23_980, storeCreditCents: 23_980, amountDueCents: 0 });
    // Credit below the freight leaves every piece of goods to the PIX, and its whole discount.
    expect(priceOrder({ ...base, paysByPix: true, storeCreditBalanceCents: 1_000 })).toMatchObject({ pixDiscountCents: 1_000, totalCents: 22_980, storeCreditCents: 1_000, amountDueCents: 21_980 });
    // A balance above the total pays the total and keeps the rest.
    expect(priceOrder({ ...base, storeCreditBalanceCents: 100_000 })).toMatchObject({ totalCents: 23_980, storeCreditCents: 23_980, amountDueCents: 0 });
    expect(() => priceOrder({ ...base, storeCreditBalanceCents: -1 })).toThrow(RangeError);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => priceOrder({ ...base, shippingCents: 1.5 })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, subtotalCents: -1 })).toThrow(RangeError);
  });
});

describe('priceOrder with gifts', () => {
  it('adds the wrap and the engraving as services: neither a goods coupon nor the PIX discount touches them', () => {
    // Goods R$ 199,90, 10 % coupon R$ 19,99 off, PIX 5 % on R$ 179,91 = R$ 9,00 off; wrap R$ 9,90, engraving 2 x R$ 25,00.
    const priced = priceOrder({ ...base, paysByPix: true, coupon: { discountCents: 1_999, freeShipping: false }, giftWrapCents: 990, engravingCents: 5_000 });
    expect(priced).toEqual({ subtotalCents: 19_990, shippingCents: 3_990, giftWrapCents: 990, engravingCents: 5_000, couponDiscountCents: 1_999, pixDiscountCents: 900, totalCents: 17_091 + 3_990 + 990 + 5_000, storeCreditCents: 0, amountDueCents: 17_091 + 3_990 + 990 + 5_000 });
  });

  it('store credit pays the freight, wrap and engraving before the goods the PIX discounts', () => {
    // R$ 100,00 of credit: R$ 39,90 freight + R$ 9,90 wrap + R$ 25,00 engraving = R$ 74,80, then R$ 25,20 of goods;
    // the PIX pays R$ 174,70 of goods at 5 % = R$ 165,96 (rounded down), R$ 8,74 off.
    const priced = priceOrder({ ...base, paysByPix: true, storeCreditBalanceCents: 10_000, giftWrapCents: 990, engravingCents: 2_500 });
    expect(priced).toMatchObject({ pixDiscountCents: 874, storeCreditCents: 10_000, totalCents: 19_990 + 3_990 + 990 + 2_500 - 874 });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => priceOrder({ ...base, giftWrapCents: -1 })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, engravingCents: 1.5 })).toThrow(RangeError);
  });
});
