/**
 * 'Feeds de catálogo': shows both feeds' absolute URLs as the API answers them, when each was
 * generated and its items (or that it was not yet), copies a URL with its button, and says so
 * when the clipboard refuses.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueFeeds } from '@prata/contracts';
import { formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { CatalogueFeedsPanel } from './catalogue-feeds-panel.tsx';

setupMountWithApi();

const GOOGLE_URL = 'https://api.prata925.com.br/feeds/google-merchant.xml';
const META_URL = 'https://api.prata925.com.br/feeds/meta-catalogue.csv';
const answer: CatalogueFeeds = {
  feeds: [
    { kind: 'googleMerchant', url: GOOGLE_URL, generatedAt: '2026-12-03T13:05:00.000Z', items: 42 },
    { kind: 'metaCatalogue', url: META_URL, generatedAt: null, items: null },
  ],
};

const copyButton = (root: HTMLElement, channel: string) => root.querySelector<HTMLButtonElement>(`button[aria-label="Copiar URL do feed ${channel}"]`);

describe('CatalogueFeedsPanel', () => {
  it('shows both absolute URLs with when each was generated', async () => {
    const { view, calls } = await mountWithApi(<CatalogueFeedsPanel />, answer);
    expect(calls).toEqual([{ method: 'GET', body: undefined }]);
    const section = view.container.querySelector('[data-testid="catalogue-feeds"]')!;
    expect(section.textContent).toContain('Feeds de catálogo');
    expect([...section.querySelectorAll('code')].map((code) => code.textContent)).toEqual([GOOGLE_URL, META_URL]);
    expect(section.textContent).toContain('Google Merchant Center');
    expect(section.textContent).toContain(`Gerado em ${formatDateTime('2026-12-03T13:05:00.000Z')} · 42 itens`);
    expect(section.textContent).toContain('Meta (Facebook e Instagram)');
    expect(section.textContent).toContain('Ainda não gerado');
  });

  it("copies a feed's URL and shows 'Copiado!'", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { view } = await mountWithApi(<CatalogueFeedsPanel />, answer);
    const copy = copyButton(view.container, 'Meta (Facebook e Instagram)')!;
    await act(async () => copy.click());
    expect(writeText).toHaveBeenCalledWith(META_URL);
    expect(copy.textContent).toBe('Copiado!');
    expect(copy.getAttribute('aria-label')).toBe('URL do feed Meta (Facebook e Instagram) copiada');
    expect(copyButton(view.container, 'Google Merchant Center')!.textContent).toBe('Copiar');
  });

  it('says so when the clipboard refuses', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    const { view } = await mountWithApi(<CatalogueFeedsPanel />, answer);
    await act(async () => copyButton(view.container, 'Google Merchant Center')!.click());
    expect(error).toHaveBeenCalledWith('Erro', { description: 'Não foi possível copiar para a área de transferência.' });
  });
});
