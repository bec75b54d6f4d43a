/** PIX BR Code builder: the Central Bank manual's test vector and the builder's field rules. */
import { describe, expect, it } from 'vitest';
import { buildPixPayload, pixCrc } from './pix.ts';

const MANUAL_VECTOR =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('PIX BR Code', () => {
  it('computes the CRC16 of the Central Bank manual example', () => {
    expect(pixCrc(MANUAL_VECTOR.slice(0, -4))).toBe('1D3D');
  });

  it('builds the fields, strips accents and ends with a valid CRC', () => {
    const payload = buildPixPayload({ key: 'pix@prata925.com.br', merchantName: 'Prata 925 Joias Ltda Muito Longa', merchantCity: 'São Paulo', amountCents: 15990, txid: 'P925000001' });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('0014br.gov.bcb.pix0119pix@prata925.com.br');
    expect(payload).toContain('5406159.90');
    expect(payload).toContain('5925PRATA 925 JOIAS LTDA MUI');
    expect(payload).toContain('6009SAO PAULO');
    expect(payload).toContain('62140510P925000001');
    expect(payload.slice(-4)).toBe(pixCrc(payload.slice(0, -4)));
  });

  it('refuses a bad txid or amount', () => {
    const base = { key: 'k', merchantName: 'n', merchantCity: 'c', amountCents: 100, txid: 'ok' };
    expect(() => buildPixPayload({ ...base, txid: 'P925-1' })).toThrow('txid');
    expect(() => buildPixPayload({ ...base, amountCents: 0 })).toThrow('amount');
  });
});
