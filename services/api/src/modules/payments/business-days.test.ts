/** Boleto due dates: weekends, national holidays and bank holidays skipped (dates checked on a 2026 calendar). */
import { describe, expect, it } from 'vitest';
import { addBusinessDays, endOfSaoPauloDay, isBusinessDay, saoPauloDate } from './business-days.ts';

const at = (iso: string) => new Date(iso);

describe('business days', () => {
  it('skips weekends: Wednesday 2026-11-11 + 3 -> Monday 2026-11-16', () => {
    expect(addBusinessDays(at('2026-11-11T15:00:00-03:00'), 3)).toBe('2026-11-16');
  });

  it('skips Tiradentes (Tuesday 2026-04-21): Monday 2026-04-20 + 3 -> Friday 2026-04-24', () => {
    expect(addBusinessDays(at('2026-04-20T10:00:00-03:00'), 3)).toBe('2026-04-24');
  });

  it('skips Consciência Negra (Friday 2026-11-20): Thursday 2026-11-19 + 3 -> Wednesday 2026-11-25 (Mon 23, Tue 24, Wed 25)', () => {
    expect(addBusinessDays(at('2026-11-19T10:00:00-03:00'), 3)).toBe('2026-11-25');
  });

  it('skips the banks’ Carnival (16 and 17 February 2026): Friday 13 + 3 -> Friday 20 (Wed 18, Thu 19, Fri 20)', () => {
    expect(addBusinessDays(at('2026-02-13T10:00:00-03:00'), 3)).toBe('2026-02-20');
  });

  it('skips Christmas (Friday 2026-12-25): Wednesday 23 + 3 -> Tuesday 29 (Christmas Eve is a business day)', () => {
    expect(isBusinessDay('2026-12-24')).toBe(true);
    expect(addBusinessDays(at('2026-12-23T10:00:00-03:00'), 3)).toBe('2026-12-29');
  });

  it('counts from the São Paulo date: 23:30 on a Monday there is already Tuesday in UTC', () => {
    expect(saoPauloDate(at('2026-11-24T02:30:00Z'))).toBe('2026-11-23');
    expect(addBusinessDays(at('2026-11-24T02:30:00Z'), 1)).toBe('2026-11-24');
    expect(endOfSaoPauloDay('2026-11-23').toISOString()).toBe('2026-11-24T02:59:59.999Z');
  });
});
