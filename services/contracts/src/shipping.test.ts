/** The panel's shipping forms: reais typed -> cents by integer arithmetic, regions, days. */
import { describe, expect, it } from 'vitest';
import { reaisText } from './money-input.ts';
import { freeShippingFormSchema, freightTableFormSchema } from './shipping.ts';
import { pixPriceCents } from './order-pricing.ts';

describe('freeShippingFormSchema', () => {
  it('turns the typed threshold into cents, all five regions into null (all of Brazil), empty into off', () => {
    expect(freeShippingFormSchema.parse({ threshold: '299,90', regions: ['SE', 'S'] })).toEqual({ thresholdCents: 29_990, regions: ['SE', 'S'] });
    expect(freeShippingFormSchema.parse({ threshold: '0.1', regions: ['N', 'NE', 'CO', 'SE', 'S'] })).toEqual({ thresholdCents: 10, regions: null });
    expect(freeShippingFormSchema.parse({ threshold: '', regions: ['N'] })).toEqual({ thresholdCents: null, regions: ['N'] });
  });

  it('refuses what is no amount, and no region', () => {
    const result = freeShippingFormSchema.safeParse({ threshold: '19,999', regions: [] });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['threshold', 'Informe um valor em reais, ex.: 19,90'],
      ['regions', 'Escolha ao menos uma região'],
    ]);
  });
});

describe('freightTableFormSchema', () => {
  const regions = ['N', 'NE', 'CO', 'SE', 'S'] as const;
  const rows = regions.flatMap((region) => (['PAC', 'SEDEX'] as const).map((service) => ({ region, service, base: '19,90', perKg: '4,5', minDays: '3', maxDays: '6' })));

  it('reads back what reaisText shows', () => {
    expect([reaisText(1990), reaisText(5), reaisText(100_000)]).toEqual(['19,90', '0,05', '1000,00']);
    expect(freeShippingFormSchema.parse({ threshold: reaisText(29_905), regions: ['N'] }).thresholdCents).toBe(29_905);
  });

  it('gives the API table, in cents and days', () => {
    expect(freightTableFormSchema.parse({ rows })[0]).toEqual({ region: 'N', service: 'PAC', baseCents: 1990, perExtraKgCents: 450, minDays: 3, maxDays: 6 });
  });

  it('puts a row error on its field', () => {
    const result = freightTableFormSchema.safeParse({ rows: rows.map((row, index) => (index === 3 ? { ...row, minDays: '9' } : row)) });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['rows.3.maxDays', 'O prazo mínimo não pode passar do máximo']]);
  });
});

describe('pixPriceCents', () => {
  it('rounds the PIX price down to the cent, in the shopper\'s favour', () => {
    expect(pixPriceCents(19_990, 5)).toBe(18_990); // 189.905 -> 189.90
    expect(pixPriceCents(10_000, 0)).toBe(10_000);
    expect(pixPriceCents(33, 10)).toBe(29); // 29.7 -> 29
    expect(pixPriceCents(12_345, 30)).toBe(8_641); // 86.415 -> 86.41
  });
});
