/**
 * The Frete tab's forms: free shipping shows the stored threshold in reais and its
 * regions, sends cents and the regions checked (all five: null, all of Brazil), and refuses no
 * region; the freight table shows each row in reais and days, sends the table in cents, and puts a
 * row's error under its field before any request.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui';
import { type } from '@prata/shared-ui/testing';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { FreeShippingForm } from './free-shipping-form.tsx';
import { FreightTableForm } from './freight-table-form.tsx';

setupMountWithApi();
const click = (element: HTMLElement) => act(() => element.click());

describe('FreeShippingForm', () => {
  it('shows the stored setting and sends the threshold in cents with the regions checked', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const { field, submit, puts } = await mountWithApi(<FreeShippingForm />, { thresholdCents: 29_990, regions: ['SE', 'S'] }, { thresholdCents: 19_950, regions: ['N', 'SE', 'S'] });
    expect(field('A partir de (R$)').value).toBe('299,90');
    expect(['Norte', 'Sudeste', 'Sul'].map((name) => field(name).checked)).toEqual([false, true, true]);

    type(field('A partir de (R$)'), '199,5');
    click(field('Norte'));
    await submit();
    expect(puts()).toEqual([{ thresholdCents: 19_950, regions: ['N', 'SE', 'S'] }]);
    expect(toast.success).toHaveBeenCalledWith('Frete grátis salvo');
  });

  it('sends null regions for all of Brazil and refuses none', async () => {
    const { view, field, submit, puts } = await mountWithApi(<FreeShippingForm />, { thresholdCents: null, regions: null }, { thresholdCents: 30_000, regions: null });
    expect(field('A partir de (R$)').value).toBe('');
    for (const name of ['Norte', 'Nordeste', 'Centro-Oeste', 'Sudeste', 'Sul']) click(field(name));
    await submit();
    expect(view.container.textContent).toContain('Escolha ao menos uma região');
    expect(puts()).toEqual([]);
    for (const name of ['Norte', 'Nordeste', 'Centro-Oeste', 'Sudeste', 'Sul']) click(field(name));
    type(field('A partir de (R$)'), '300');
    await submit();
    expect(puts()).toEqual([{ thresholdCents: 30_000, regions: null }]);
  });
});

describe('FreightTableForm', () => {
  const regions = ['N', 'NE', 'CO', 'SE', 'S'] as const;
  const table = regions.flatMap((region) => (['PAC', 'SEDEX'] as const).map((service) => ({ region, service, baseCents: 1990, perExtraKgCents: 450, minDays: 3, maxDays: 6 })));

  it('edits a row in reais and days and sends the whole table in cents; a wrong row is refused under its field', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const { view, submit, puts } = await mountWithApi(<FreightTableForm />, table, table);
    const fields = view.container.querySelectorAll<HTMLInputElement>('fieldset input');
    expect(fields).toHaveLength(40);
    expect([...fields].slice(0, 4).map((input) => input.value)).toEqual(['19,90', '4,50', '3', '6']);
    type(fields[0]!, '45');
    type(fields[2]!, '9');
    await submit();
    expect(puts()).toEqual([]);
    expect(view.container.querySelector('fieldset')!.textContent).toContain('O prazo mínimo não pode passar do máximo');

    type(fields[2]!, '5');
    await submit();
    const [saved] = puts() as { region: string }[][];
    expect(saved![0]).toEqual({ region: 'N', service: 'PAC', baseCents: 4500, perExtraKgCents: 450, minDays: 5, maxDays: 6 });
    expect(saved).toHaveLength(10);
    expect(toast.success).toHaveBeenCalledWith('Tabela de frete salva');
  });
});
