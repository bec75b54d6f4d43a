/**
 * The gift part of a new order, priced on the server from the choices the shopper sent (contracts
 * gifts.ts): each engraved line checked against its product's engraving (offered, the product's
 * character limit) and priced at the product's price per piece times the units; the wrap at the
 * store's price when it offers one; the production days the longest engraving adds to delivery.
 * Money in BRL cents.
 */
import { GIFT_WRAP_LABEL, engravingProblem, productionDays, type GiftChoices, type GiftWrapSetting } from '@prata/contracts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { OrderLine } from './order-lines.ts';

/** What the gifts add to an order. */
export interface GiftPrice {
  /** The wrap charged (0: not chosen, or free), BRL cents. */
  giftWrapCents: number;
  /** Every engraved piece's engraving, BRL cents. */
  engravingCents: number;
  /** The engraving's price per unit of each line, in `lines`' order (0: not engraved), BRL cents. */
  lineEngravingCents: number[];
  /** Business days of production before shipping. */
  productionDays: number;
  /** The choices as stored: wrap chosen, the message (null: none), a gift receipt. */
  choices: { wrap: boolean; message: string | null; receipt: boolean };
}

/**
 * Prices the gift choices of an order of `lines` with the store's `wrap` setting.
 * @throws ValidationError 400 'engraving_not_offered' (an engraving on a product without it),
 *   'engraving_invalid' (over the product's limit, or characters it refuses), at
 *   `body.items.<i>.engraving`; ConflictError 409 'gift_wrap_unavailable' (the wrap asked while the
 *   store does not offer it).
 */
export function priceGifts(lines: readonly OrderLine[], gift: GiftChoices | undefined, wrap: GiftWrapSetting): GiftPrice {
  const lineEngravingCents = lines.map((line, index) => {
    if (!line.engraving) return 0;
    const { product } = line;
    const path = `body.items.${index}.engraving`;
    if (!product.engravingEnabled) {
      const message = `${product.name} não aceita gravação. Remova o texto da gravação para continuar.`;
      throw new ValidationError(message, [{ path, message }], 'engraving_not_offered');
    }
    const problem = engravingProblem(line.engraving, product.engravingMaxChars);
    if (problem) throw new ValidationError(`${problem} (${product.name}).`, [{ path, message: problem }], 'engraving_invalid');
    return product.engravingPriceCents;
  });
  const wrapChosen = gift?.wrap ?? false;
  if (wrapChosen && !wrap.enabled) throw new ConflictError(`${GIFT_WRAP_LABEL} não está disponível no momento. Desmarque a opção para continuar.`, 'gift_wrap_unavailable');
  return {
    giftWrapCents: wrapChosen ? wrap.priceCents : 0,
    engravingCents: lines.reduce((sum, line, index) => sum + lineEngravingCents[index]! * line.quantity, 0),
    lineEngravingCents,
    productionDays: productionDays(lines.map((line) => ({ engraved: Boolean(line.engraving), extraDays: line.product.engravingExtraDays }))),
    choices: { wrap: wrapChosen, message: gift?.message || null, receipt: gift?.receipt ?? false },
  };
}
