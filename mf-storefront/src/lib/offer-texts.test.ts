/** The free-shipping phrase of the storefront's texts: the store's own threshold and regions, none without an offer. */
import { describe, expect, it } from 'vitest';
import { aboutValues } from '../features/about/components/about-values.tsx';
import { contactFaq } from '../features/contact/components/contact-faq.tsx';
import { freeShippingPhrase } from './offer-texts.ts';

const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('freeShippingPhrase', () => {
  it("states the store's threshold and regions, and nothing without free shipping", () => {
    expect(freeShippingPhrase({ freeShippingThresholdCents: null, freeShippingRegions: null })).toBeNull();
    expect(plain(freeShippingPhrase({ freeShippingThresholdCents: 29_900, freeShippingRegions: null }))).toBe('frete grátis a partir de R$ 299,00');
    expect(plain(freeShippingPhrase({ freeShippingThresholdCents: 15_000, freeShippingRegions: ['SE'] }))).toBe('frete grátis para Sudeste a partir de R$ 150,00');
  });

  it('makes the contact FAQ and the values promise free shipping only when the store gives it', () => {
    expect(contactFaq(null)[0].answer.startsWith('O frete é calculado pelo CEP no carrinho.')).toBe(true);
    expect(plain(contactFaq('frete grátis a partir de R$ 299,00')[0].answer)).toContain('Frete grátis a partir de R$ 299,00; abaixo disso');
    expect(aboutValues(null)[2].text).not.toContain('frete grátis');
    expect(aboutValues('frete grátis a partir de R$ 299,00')[2].text).toContain(', frete grátis a partir de R$ 299,00 e garantia');
  });
});
