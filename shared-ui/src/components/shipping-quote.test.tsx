/**
 * The freight quote widget
 * rendered in a DOM: the options to read (name, carrier, price or 'Grátis', days) and to choose
 * (a radio per option by `serviceId`, the checkout's mode), the table notice, the free-shipping
 * hint, the CEP mask and its validation, the request sent, the service's refusals, the
 * remembered CEP; and "R$ x no PIX" (PixPrice).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FREIGHT_TABLE_NOTICE, type ShippingQuote } from '@prata/contracts/shipping';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type, type Rendered } from '../testing/render.tsx';
import { PixPrice } from './pix-price.tsx';
import { ShippingOptions, ShippingOptionsChoice, ShippingQuoteWidget, freeShippingHint } from './shipping-quote.tsx';

const PRODUCT = 'a0000000-0000-4000-8000-000000000001';
const quote = (over: Partial<ShippingQuote> = {}): ShippingQuote => ({
  zipCode: '69005-010',
  state: 'AM',
  region: 'N',
  source: 'carrier',
  options: [
    { serviceId: 'correios-pac', carrier: 'Correios', name: 'PAC', priceCents: 0, minDays: 9, maxDays: 14 },
    { serviceId: 'correios-sedex', carrier: 'Correios', name: 'SEDEX', priceCents: 8_430, minDays: 4, maxDays: 6 },
  ],
  freeShippingThresholdCents: null,
  ...over,
});

let view: Rendered | undefined;
let calls: { url: string; body: unknown }[];
let answer: () => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  calls = [];
  answer = () => json(200, quote());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url: String(url), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return answer();
    }),
  );
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

const submit = async (container: HTMLElement) => {
  act(() => container.querySelector('form')!.requestSubmit());
  // The form validates, then the quote is fetched and parsed: let each step settle.
  await flush();
  await flush();
};

describe('ShippingOptions', () => {
  it('lists each option with its name, carrier, price or Grátis, and the business days', () => {
    view = render(<ShippingOptions options={quote().options} />);
    const lines = [...view.container.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual(['PAC (Correios)9 a 14 dias úteisGrátis', 'SEDEX (Correios)4 a 6 dias úteisR$\u00a084,30']);
    expect(view.container.querySelector('input[type="radio"]')).toBeNull();
  });

  it('to choose from (ShippingOptionsChoice, the checkout) gives a radio per option, checked by value and changed by serviceId', () => {
    const onChange = vi.fn();
    view = render(<ShippingOptionsChoice options={quote().options} value="correios-sedex" onChange={onChange} />);
    const radios = [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['correios-pac', false],
      ['correios-sedex', true],
    ]);
    expect(view.container.querySelector('legend')?.textContent).toBe('Opções de entrega');
    expect(view.container.textContent).toContain('SEDEX (Correios): R$\u00a084,30');
    expect(view.container.textContent).toContain('4 a 6 dias úteis');
    act(() => radios[0]!.click());
    expect(onChange).toHaveBeenCalledWith('correios-pac');
  });

  it('says so when no service delivers to the CEP', () => {
    view = render(<ShippingOptions options={[]} />);
    expect(view.container.textContent).toBe('Nenhuma opção de entrega para este CEP.');
  });
});

describe('freeShippingHint', () => {
  it('names the threshold in BRL and the regions it is limited to', () => {
    expect(freeShippingHint({ freeShippingThresholdCents: 29_900, freeShippingRegions: null })).toBe('Frete grátis a partir de R$\u00a0299,00');
    expect(freeShippingHint({ freeShippingThresholdCents: 29_900, freeShippingRegions: ['SE'] })).toBe('Frete grátis a partir de R$\u00a0299,00 para Sudeste');
    expect(freeShippingHint({ freeShippingThresholdCents: 50_000, freeShippingRegions: ['N', 'SE', 'S'] })).toBe('Frete grátis a partir de R$\u00a0500,00 para Norte, Sudeste e Sul');
    expect(freeShippingHint({ freeShippingThresholdCents: null, freeShippingRegions: null })).toBeNull();
  });
});

describe('ShippingQuoteWidget', () => {
  const items = [{ productId: PRODUCT, variantId: null, quantity: 1 }];

  it('masks the CEP, quotes the items for it and shows the options; the CEP is handed back to be remembered', async () => {
    const remembered = vi.fn();
    view = render(<ShippingQuoteWidget items={items} onCepQuoted={remembered} freeShipping={{ freeShippingThresholdCents: 29_900, freeShippingRegions: null }} />);
    const cep = inputByLabel(view.container, 'Calcular frete e prazo');
    type(cep, '69005010');
    expect(cep.value).toBe('69005-010');
    expect(view.container.textContent).toContain('Frete grátis a partir de R$\u00a0299,00');
    await submit(view.container);
    expect(calls).toEqual([{ url: 'http://api.test/api/shipping/quotes', body: { zipCode: '69005010', items } }]);
    expect(remembered).toHaveBeenCalledWith('69005-010');
    expect(view.container.querySelectorAll('[data-testid="shipping-options"] li')).toHaveLength(2);
    expect(view.container.textContent).not.toContain(FREIGHT_TABLE_NOTICE);
  });

  it('refuses a malformed CEP without asking the service', async () => {
    view = render(<ShippingQuoteWidget items={items} />);
    type(inputByLabel(view.container, 'Calcular frete e prazo'), '6900');
    await submit(view.container);
    expect(calls).toEqual([]);
    expect(view.container.textContent).toContain('CEP inválido. Use o formato 00000-000');
  });

  it("shows the table notice when the store's table priced the quote", async () => {
    answer = () => json(200, quote({ source: 'table' }));
    view = render(<ShippingQuoteWidget items={items} />);
    type(inputByLabel(view.container, 'Calcular frete e prazo'), '69005-010');
    await submit(view.container);
    expect(view.container.textContent).toContain(FREIGHT_TABLE_NOTICE);
  });

  it("shows the service's message for a refused quote, and a generic one when it is down", async () => {
    answer = () => json(400, { error: 'validation_error', message: 'CEP inválido. Confira o número.' });
    view = render(<ShippingQuoteWidget items={items} />);
    type(inputByLabel(view.container, 'Calcular frete e prazo'), '00000-000');
    await submit(view.container);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('CEP inválido. Confira o número.');

    answer = () => json(503, { error: 'internal', message: 'Erro interno' });
    type(inputByLabel(view.container, 'Calcular frete e prazo'), '01310-100');
    await submit(view.container);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('Não foi possível calcular o frete agora. Tente novamente em instantes.');
  });

  it('fills the remembered CEP, quotes it at once with autoQuote, and reports the quote (checkout mode)', async () => {
    const onQuote = vi.fn();
    const onChange = vi.fn();
    view = render(
      <ShippingQuoteWidget
        items={items}
        savedCep="69005-010"
        autoQuote
        onQuote={onQuote}
        renderOptions={(options) => <ShippingOptionsChoice options={options} value={null} onChange={onChange} />}
      />,
    );
    await flush();
    expect(inputByLabel(view.container, 'Calcular frete e prazo').value).toBe('69005-010');
    expect(calls).toHaveLength(1);
    expect(onQuote).toHaveBeenLastCalledWith(quote());
    expect(view.container.querySelectorAll('input[type="radio"]')).toHaveLength(2);
  });

  it('only fills the remembered CEP without autoQuote (the product page quotes on demand)', async () => {
    view = render(<ShippingQuoteWidget items={items} savedCep="69005-010" />);
    await flush();
    expect(inputByLabel(view.container, 'Calcular frete e prazo').value).toBe('69005-010');
    expect(calls).toEqual([]);
  });
});

describe('PixPrice', () => {
  it('shows the price by PIX, rounded down to the cent, and nothing without a discount', () => {
    view = render(
      <p>
        <PixPrice cents={19_990} percent={5} />|<PixPrice cents={19_990} percent={0} />|<PixPrice cents={9_999} percent={7} />
      </p>,
    );
    // 19 990 x 0.95 = 18 990.5 -> 18 990; 9 999 x 0.93 = 9 299.07 -> 9 299.
    expect(view.container.textContent).toBe('R$\u00a0189,90 no PIX||R$\u00a092,99 no PIX');
  });
});
