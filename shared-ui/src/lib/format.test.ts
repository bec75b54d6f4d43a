import { describe, expect, it } from 'vitest';
import { formatBRL, formatDateTime } from './format.ts';

describe('formatBRL', () => {
  it('formats cents as R$ with 2 decimals, pt-BR separators', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(14990)).toBe('R$\u00a0149,90');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
    expect(formatBRL(0)).toBe('R$\u00a00,00');
  });
});

describe('formatDateTime', () => {
  it('formats instants in pt-BR, São Paulo time', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21/11/2026, 10:05');
  });
});
