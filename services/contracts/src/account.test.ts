import { getStates } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { BRAZILIAN_STATE_NAMES, BRAZILIAN_STATES, maskCep, brazilianPhoneSchema, cepSchema, formatBrazilianPhone, savedAddressInputSchema, updateProfileSchema } from './index.ts';

const address = { label: 'Casa', zipCode: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

describe('shopper account schemas', () => {
  it('lists exactly the 27 UF codes', () => {
    expect([...BRAZILIAN_STATES].sort()).toEqual(getStates().map((state) => state.code).sort());
    for (const state of getStates()) expect(BRAZILIAN_STATE_NAMES[state.code as keyof typeof BRAZILIAN_STATE_NAMES]).toBe(state.name);
  });

  it('masks a CEP as typed', () => {
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('0131010')).toBe('01310-10');
    expect(maskCep('01310-100x9')).toBe('01310-100');
  });

  it('normalises a CEP to 00000-000 and refuses other shapes', () => {
    expect(cepSchema.parse('01310100')).toBe('01310-100');
    expect(cepSchema.parse(' 01310-100 ')).toBe('01310-100');
    for (const bad of ['1310-100', '01310-10', 'abcde-fgh', '01310--100']) expect(cepSchema.safeParse(bad).success).toBe(false);
  });

  it('validates a saved address with any of the 27 states', () => {
    expect(savedAddressInputSchema.parse({ ...address, state: 'BA' }).zipCode).toBe('01310-100');
    const wrong = savedAddressInputSchema.safeParse({ ...address, state: 'XX' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Estado inválido');
  });

  it('keeps a Brazilian phone as digits and refuses invalid ones', () => {
    expect(brazilianPhoneSchema.parse('(11) 98765-4321')).toBe('11987654321');
    expect(brazilianPhoneSchema.safeParse('1234').success).toBe(false);
    expect(brazilianPhoneSchema.safeParse('(00) 98765-4321').success).toBe(false);
    expect(formatBrazilianPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatBrazilianPhone('1134567890')).toBe('(11) 3456-7890');
  });

  it('profile update: an omitted phone stays undefined, an empty one clears it', () => {
    expect(updateProfileSchema.parse({ fullName: 'Ana' }).phone).toBeUndefined();
    expect(updateProfileSchema.parse({ fullName: 'Ana', phone: '' }).phone).toBeNull();
    // The service parses the route's parsed body again: null stays null.
    expect(updateProfileSchema.parse({ fullName: 'Ana', phone: null }).phone).toBeNull();
    expect(updateProfileSchema.parse({ fullName: 'Ana', phone: '(21) 3456-7890' }).phone).toBe('2134567890');
    expect(updateProfileSchema.safeParse({ fullName: 'Ana', phone: '123' }).success).toBe(false);
  });
});
