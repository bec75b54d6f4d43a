import { describe, expect, it } from 'vitest';
import { engravingProblem, engravingTextSchema, giftChoicesSchema, productionDays, productionDaysText, withProductionDays } from './gifts.ts';

describe('engraving text', () => {
  it('accepts letters with accents, digits, spaces and the allowed punctuation, folding spaces', () => {
    expect(engravingTextSchema.parse('  João   & Conceição, 2026! ')).toBe('João & Conceição, 2026!');
    expect(engravingProblem("Te amo, Zé (sempre)", 20)).toBeNull();
  });

  it('refuses symbols, emoji and markup with a Portuguese message', () => {
    expect(engravingTextSchema.safeParse('amor ♥').success).toBe(false);
    expect(engravingTextSchema.safeParse('<b>oi</b>').error?.issues[0]?.message).toMatch(/^Texto da gravação inválido/);
    expect(engravingProblem('😀', 20)).toMatch(/inválido/);
  });

  it("checks the product's own limit, counting characters, not bytes", () => {
    expect(engravingProblem('Ç'.repeat(20), 20)).toBeNull();
    expect(engravingProblem('a'.repeat(21), 20)).toBe('A gravação aceita no máximo 20 caracteres');
    expect(engravingProblem('   ', 20)).toBe('Digite o texto da gravação');
  });
});

describe('gift choices', () => {
  it('defaults to nothing and keeps line breaks in the message', () => {
    expect(giftChoicesSchema.parse({})).toEqual({ wrap: false, message: '', receipt: false });
    expect(giftChoicesSchema.parse({ wrap: true, message: 'Feliz aniversário,\r\nMãe!' }).message).toBe('Feliz aniversário,\nMãe!');
  });

  it('refuses a message too long or with symbols', () => {
    expect(giftChoicesSchema.safeParse({ message: 'x'.repeat(301) }).success).toBe(false);
    expect(giftChoicesSchema.safeParse({ message: 'oi {x}' }).success).toBe(false);
  });
});

describe('production days', () => {
  it('is the longest of the engraved lines, and says it in business days', () => {
    expect(productionDays([{ engraved: true, extraDays: 3 }, { engraved: false, extraDays: 9 }, { engraved: true, extraDays: 2 }])).toBe(3);
    expect(productionDaysText(1)).toBe('+1 dia útil de produção');
    expect(productionDaysText(3)).toBe('+3 dias úteis de produção');
  });

  it("adds the production to each delivery option's days, keeping the rest", () => {
    expect(withProductionDays([{ serviceId: 'pac', minDays: 5, maxDays: 8 }], 3)).toEqual([{ serviceId: 'pac', minDays: 8, maxDays: 11 }]);
  });
});
