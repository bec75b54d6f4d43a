/**
 * The Frete tab's forms (issue 23): free shipping shows the stored threshold in reais and its
 * regions, sends cents and the regions checked (all five: null, all of Brazil), and refuses no
 * region; the freight table shows each row in reais and days, sends the table in cents, and puts a
 * row's error under its field before any request.
 */
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast } from '@prata/shared-ui';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { FreeShippingForm } from './free-shipping-form.tsx';
import { FreightTableForm } from './freight-table-form.tsx';

let view: Rendered;
let calls: { method: string; body: unknown }[];
/** Renders `ui` with the API answering `answers` in order (200 each). */
async function mount(ui: ReactNode, ...answers: unknown[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  view = render(ui);
  await flush();
}
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const field = (label: string) => inputByLabel(view.container, label);
const click = (element: HTMLElement) => act(() => element.click());
const submit = async () => {
  act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await flush();
};
const puts = () => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('FreeShippingForm', () => {
  it('shows the stored setting and sends the threshold in cents with the regions checked', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    await mount(<FreeShippingForm />, { thresholdCents: 29_990, regions: ['SE', 'S'] }, { thresholdCents: 19_950, regions: ['N', 'SE', 'S'] });
    expect(field('A partir de (R$)').value).toBe('299,90');
    expect(['Norte', 'Sudeste', 'Sul'].map((name) => field(name).checked)).toEqual([false, true, true]);

    type(field('A partir de (R$)'), '199,5');
    click(field('Norte'));
    await submit();
    expect(puts()).toEqual([{ thresholdCents: 19_950, regions: ['N', 'SE', 'S'] }]);
    expect(toast.success).toHaveBeenCalledWith('Frete grátis salvo');
  });

  it('sends null regions for all of Brazil and refuses none', async () => {
    await mount(<FreeShippingForm />, { thresholdCents: null, regions: null }, { thresholdCents: 30_000, regions: null });
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
    await mount(<FreightTableForm />, table, table);
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
