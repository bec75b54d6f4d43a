/**
 * An engraving's text ('Gravação', gifts.ts): what an engraver's machine cuts, and the schema of the
 * text a cart line or an order line sends. A module of its own, re-exported by gifts.ts, so the
 * cart's contract (carts.ts), which every page loads, takes these few lines and not every gift schema.
 */
import { z } from 'zod';

/** The most characters any product may allow engraved (the panel's upper bound). */
export const ENGRAVING_MAX_CHARS_LIMIT = 40;

/**
 * What a gift text may hold: letters (accented ones too), digits, spaces and a few punctuation
 * marks (. , ! ? ' " - & : ; ( )): what an engraver's machine cuts; no emoji or symbols.
 */
export const GIFT_TEXT_PATTERN = /^[\p{L}\p{M}\p{N} .,!?'"&:;()-]*$/u;

/** What a refused gift text is told (pt-BR). */
export const GIFT_TEXT_MESSAGE = 'Use apenas letras, números, espaços e . , ! ? \' " - & : ; ( )';

/** Whitespace runs folded to one space, ends trimmed (an engraving's text as cut). */
export function normaliseEngraving(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * An engraving's text as sent with a cart line: 1..{@link ENGRAVING_MAX_CHARS_LIMIT} characters
 * after {@link normaliseEngraving}, only {@link GIFT_TEXT_PATTERN}. The product's own limit is
 * checked by the service (it knows the product). Empty means no engraving.
 */
export const engravingTextSchema = z
  .string({ error: 'Texto da gravação inválido' })
  .transform(normaliseEngraving)
  .pipe(
    z
      .string()
      .max(ENGRAVING_MAX_CHARS_LIMIT, `A gravação aceita no máximo ${ENGRAVING_MAX_CHARS_LIMIT} caracteres`)
      .regex(GIFT_TEXT_PATTERN, `Texto da gravação inválido. ${GIFT_TEXT_MESSAGE}`),
  );
