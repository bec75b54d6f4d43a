import { describe, expect, it } from 'vitest';
import { formatBRL, formatDate, formatDateTime } from './format.ts';

describe('formatBRL', () => {
  it('formats cents as R$ with 2 decimals, pt-BR separators', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(14990)).toBe('R$\u00a0149,90');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
    expect(formatBRL(0)).toBe('R$\u00a00,00');
  });

  it('groups thousands with dots and keeps 2 decimals for whole reais', () => {
    expect(formatBRL(123456789)).toBe('R$\u00a01.234.567,89');
    expect(formatBRL(100000)).toBe('R$\u00a01.000,00');
    expect(formatBRL(-2500)).toBe('-R$\u00a025,00');
  });
});

describe('formatDateTime', () => {
  it('formats instants in pt-BR, São Paulo time', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21/11/2026, 10:05');
  });

  it('accepts Date objects and crosses midnight in São Paulo time', () => {
    expect(formatDateTime(new Date('2026-01-02T02:30:00Z'))).toBe('01/01/2026, 23:30');
  });
});

describe('formatDate', () => {
  it('formats the São Paulo calendar day, dd/mm/aaaa', () => {
    expect(formatDate('2026-11-21T13:05:00Z')).toBe('21/11/2026');
    expect(formatDate(new Date('2026-01-02T02:30:00Z'))).toBe('01/01/2026');
  });
});
