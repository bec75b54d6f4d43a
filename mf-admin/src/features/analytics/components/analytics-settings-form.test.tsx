/** The sales page's 'Medição e anúncios': shows the ids and whether each secret is set, never a secret; an empty secret is kept (not sent); a malformed id is refused before sending. */
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui/state';
import { type } from '@prata/shared-ui/testing';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { AnalyticsSettingsForm } from './analytics-settings-form.tsx';

setupMountWithApi();

const stored = { ga4MeasurementId: 'G-PRATA925', ga4ApiSecretSet: true, metaPixelId: null, metaAccessTokenSet: false };

describe('AnalyticsSettingsForm', () => {
  it('keeps a set secret when its field stays empty, sends a typed one, and refuses a malformed id', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const saved = { ga4MeasurementId: 'G-PRATA925', ga4ApiSecretSet: true, metaPixelId: '1234567890', metaAccessTokenSet: true };
    const { view, field, submit, puts } = await mountWithApi(<AnalyticsSettingsForm />, stored, saved);
    expect(field('ID de medição do GA4').value).toBe('G-PRATA925');
    expect(field('Segredo da API do GA4 (Measurement Protocol)').value).toBe('');
    expect(view.container.textContent).toContain('Definido. Deixe em branco para manter.');

    type(field('ID do Pixel da Meta'), 'pixel');
    await submit();
    expect(view.container.textContent).toContain('ID do Pixel da Meta inválido');
    expect(puts()).toEqual([]);

    type(field('ID do Pixel da Meta'), '1234567890');
    type(field('Token da API de Conversões da Meta'), 'EAAB-token-da-meta');
    await submit();
    expect(puts()).toEqual([{ ga4MeasurementId: 'G-PRATA925', metaPixelId: '1234567890', metaAccessToken: 'EAAB-token-da-meta' }]);
    expect(toast.success).toHaveBeenCalledWith('Medição salva');
  });
});
