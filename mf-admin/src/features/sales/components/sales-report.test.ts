/** The sales page's payment badges: only the configured acquirer and its methods. */
import { describe, expect, it } from 'vitest';
import { providerBadges } from './sales-report.tsx';

describe('providerBadges', () => {
  it('names the configured acquirer and the methods, never acquirers the store does not use', () => {
    expect(providerBadges('mercadopago')).toEqual(['Mercado Pago', 'Cartão de crédito', 'PIX', 'Boleto']);
    expect(providerBadges('sandbox')[0]).toBe('Sandbox (testes)');
    for (const other of ['Stone', 'Cielo', 'PagSeguro']) expect(providerBadges('mercadopago')).not.toContain(other);
  });
});
