/** The sales page's 'Parcelamento no cartão': shows the stored rules, refuses what the shared schema refuses (nothing sent), sends cents and the rate. */
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui/state';
import { type } from '@prata/shared-ui/testing';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { InstallmentSettingsForm } from './installment-settings-form.tsx';

setupMountWithApi();

const stored = { maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 12, monthlyInterestPercent: 0 };

describe('InstallmentSettingsForm', () => {
  it('refuses interest-free instalments above the maximum and plans with interest without a rate, then saves the new rules', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const saved = { maxInstallments: 10, minInstallmentCents: 1_050, interestFreeInstallments: 6, monthlyInterestPercent: 2.99 };
    const { view, field, submit, puts } = await mountWithApi(<InstallmentSettingsForm />, stored, saved);
    expect(field('Parcelas no cartão (até)').value).toBe('12');
    expect(field('Parcela mínima (R$)').value).toBe('5,00');
    expect(field('Sem juros até (parcelas)').value).toBe('12');
    expect(field('Juros ao mês acima disso (%)').value).toBe('0');

    type(field('Parcelas no cartão (até)'), '10');
    await submit();
    expect(view.container.textContent).toContain('As parcelas sem juros não podem passar do máximo de parcelas');
    expect(puts()).toEqual([]);

    type(field('Sem juros até (parcelas)'), '6');
    await submit();
    expect(view.container.textContent).toContain('Informe a taxa de juros das parcelas com juros');
    expect(puts()).toEqual([]);

    type(field('Parcelas no cartão (até)'), '13');
    type(field('Juros ao mês acima disso (%)'), '2,99');
    await submit();
    expect(view.container.textContent).toContain('O número de parcelas deve ser de 1 a 12');
    expect(puts()).toEqual([]);

    type(field('Parcelas no cartão (até)'), '10');
    type(field('Parcela mínima (R$)'), '10,50');
    await submit();
    expect(puts()).toEqual([saved]);
    expect(toast.success).toHaveBeenCalledWith('Parcelamento salvo');
  });
});
