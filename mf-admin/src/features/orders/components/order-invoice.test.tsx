/**
 * The invoice on the staff's order page: a failed invoice shows its status, attempts and
 * last error with 'Emitir de novo', which posts the retry and shows the invoice as requested; an
 * issued one shows "Nota fiscal nº <numero> série <serie>" with its DANFE and XML links and no button.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { flush } from '@prata/shared-ui/testing';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { OrderInvoice } from './order-invoice.tsx';

setupMountWithApi();

const ORDER_ID = 'a0000000-0000-4000-8000-000000000001';
const failed = {
  status: 'failed',
  number: null,
  series: null,
  accessKey: null,
  danfeUrl: null,
  xmlUrl: null,
  authorizedAt: null,
  cancelledAt: null,
  provider: 'focusnfe',
  attempts: 10,
  lastError: 'invoice provider unavailable: status 503',
  updatedAt: '2026-11-27T12:00:00.000Z',
};

describe('OrderInvoice (admin)', () => {
  it("shows a failed invoice's error and sends it again", async () => {
    const { view, calls } = await mountWithApi(<OrderInvoice orderId={ORDER_ID} />, failed, { ...failed, status: 'requested', attempts: 0, lastError: null });
    const card = view.container.querySelector('[data-testid="admin-order-invoice"]')!;
    expect(card.querySelector('[data-testid="admin-invoice-title"]')!.textContent).toBe('Nota fiscal em emissão');
    expect(card.textContent).toContain('Falhou após as tentativas');
    expect(card.textContent).toContain('Focus NFe');
    expect(card.textContent).toContain('invoice provider unavailable: status 503');
    const button = [...card.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Emitir de novo')!;
    await act(async () => button.click());
    await flush();
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    expect(card.textContent).toContain('Aguardando o emissor');
    expect([...card.querySelectorAll('button')].some((candidate) => candidate.textContent === 'Emitir de novo')).toBe(false);
  });

  it('shows an issued invoice by number and series with its DANFE and XML links', async () => {
    const issued = { ...failed, status: 'authorized', number: '1001', series: '1', accessKey: '35261111222333000181550010000010011123456780', danfeUrl: 'http://api/danfe', xmlUrl: 'http://api/xml', attempts: 0, lastError: null };
    const { view } = await mountWithApi(<OrderInvoice orderId={ORDER_ID} />, issued);
    expect(view.container.querySelector('[data-testid="admin-invoice-title"]')!.textContent).toBe('Nota fiscal nº 1001 série 1');
    expect([...view.container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['DANFE (PDF)', 'http://api/danfe'],
      ['XML', 'http://api/xml'],
    ]);
    expect(view.container.textContent).toContain(issued.accessKey);
    expect(view.container.querySelectorAll('button')).toHaveLength(0);
  });
});
