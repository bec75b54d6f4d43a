/** The sales page's 'Recuperação de vendas': shows the stored values, refuses what the shared schema refuses (nothing sent), sends whole numbers. */
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui/state';
import { type } from '@prata/shared-ui/testing';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { RecoverySettingsForm } from './recovery-settings-form.tsx';

setupMountWithApi();

const stored = { cartRemindersEnabled: true, cartFirstReminderHours: 1, cartSecondReminderHours: 24, paymentRenewalWindowDays: 7, reviewRequestDelayDays: 8 };

describe('RecoverySettingsForm', () => {
  it('refuses a second reminder before the first and a window over 30 days, then saves the new values', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const saved = { ...stored, cartFirstReminderHours: 3, paymentRenewalWindowDays: 10 };
    const { view, field, submit, puts } = await mountWithApi(<RecoverySettingsForm />, stored, saved);
    expect(field('Primeiro lembrete após (horas)').value).toBe('1');
    expect(field('Segundo lembrete após (horas)').value).toBe('24');
    expect(field('Novo PIX ou boleto por (dias)').value).toBe('7');
    expect(field('Pedido de avaliação após (dias)').value).toBe('8');

    type(field('Primeiro lembrete após (horas)'), '30');
    type(field('Novo PIX ou boleto por (dias)'), '31');
    await submit();
    expect(view.container.textContent).toContain('O novo PIX ou boleto fica disponível por no máximo 30 dias');
    expect(puts()).toEqual([]);

    type(field('Novo PIX ou boleto por (dias)'), '10');
    await submit();
    expect(view.container.textContent).toContain('O segundo lembrete deve sair depois do primeiro');
    expect(puts()).toEqual([]);

    type(field('Primeiro lembrete após (horas)'), '3');
    await submit();
    expect(puts()).toEqual([saved]);
    expect(toast.success).toHaveBeenCalledWith('Recuperação salva');
  });
});
