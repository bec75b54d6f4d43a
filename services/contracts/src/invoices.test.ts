/** The invoice block's title: the number and series once issued, else "em emissão". */
import { describe, expect, it } from 'vitest';
import { invoiceTitle } from './invoices.ts';

describe('invoiceTitle', () => {
  it('names an issued invoice by number and series, marks a cancelled one, and says "em emissão" before', () => {
    expect(invoiceTitle({ status: 'authorized', number: '1001', series: '1' })).toBe('Nota fiscal nº 1001 série 1');
    expect(invoiceTitle({ status: 'cancelled', number: '1001', series: '1' })).toBe('Nota fiscal nº 1001 série 1 (cancelada)');
    expect(invoiceTitle({ status: 'processing', number: null, series: null })).toBe('Nota fiscal em emissão');
    expect(invoiceTitle({ status: 'failed', number: null, series: null })).toBe('Nota fiscal em emissão');
  });
});
