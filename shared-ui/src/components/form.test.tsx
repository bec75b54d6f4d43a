/**
 * Form controls: `TextField` and
 * `SelectField` tie hint and error to the control with `aria-describedby`; `RadioGroup` gives its
 * `id` to the current choice (so an error summary link can focus it), ties its error to the
 * fieldset and reports the chosen value; `Alert` can title itself with a heading and take a ref.
 */
import { act, createRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { describedByTexts, render, type Rendered } from '../testing/render.tsx';
import { Alert } from './alert.tsx';
import { RadioGroup, SelectField, TextField } from './form.tsx';

let view: Rendered;
afterEach(() => view.unmount());

const METHODS = [
  { value: 'credit-card', label: 'Cartão de crédito' },
  { value: 'pix', label: 'PIX' },
  { value: 'boleto', label: 'Boleto' },
] as const;

function Methods({ initial, error }: { initial: string | null; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RadioGroup id="pagamento" legend="Forma de pagamento" name="method" variant="cards" options={METHODS} value={value} onValueChange={setValue} error={error} />
      <output>{value}</output>
    </>
  );
}


describe('TextField and SelectField', () => {
  it('label the control and describe it with the hint and the error', () => {
    view = render(
      <>
        <TextField id="cep" label="CEP" hint="Somente números" error="CEP inválido" defaultValue="" />
        <SelectField id="estado" label="Estado" placeholder="Selecione" options={[{ value: 'SP', label: 'SP - São Paulo' }]} error="Estado inválido" />
      </>,
    );
    const cep = view.container.querySelector('#cep')!;
    expect(view.container.querySelector('label[for="cep"]')!.textContent).toBe('CEP');
    expect(cep.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(cep)).toEqual(['Somente números', 'CEP inválido']);
    const state = view.container.querySelector<HTMLSelectElement>('#estado')!;
    expect([...state.options].map((option) => option.textContent)).toEqual(['Selecione', 'SP - São Paulo']);
    expect(describedByTexts(state)).toEqual(['Estado inválido']);
  });

  it('leave a valid control without aria-invalid or description', () => {
    view = render(<TextField id="cidade" label="Cidade" defaultValue="" />);
    const city = view.container.querySelector('#cidade')!;
    expect(city.hasAttribute('aria-invalid')).toBe(false);
    expect(city.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('RadioGroup', () => {
  it('gives its id to the chosen option and moves it with the choice', () => {
    view = render(<Methods initial="pix" />);
    expect(view.container.querySelector<HTMLInputElement>('#pagamento')!.value).toBe('pix');
    const boleto = view.container.querySelector<HTMLInputElement>('input[value="boleto"]')!;
    act(() => boleto.click());
    expect(view.container.querySelector('output')!.textContent).toBe('boleto');
    expect(view.container.querySelector<HTMLInputElement>('#pagamento')!.value).toBe('boleto');
    expect(view.container.querySelectorAll('#pagamento')).toHaveLength(1);
  });

  it('gives its id to the first option when nothing is chosen, and labels every option', () => {
    view = render(<Methods initial={null} />);
    expect(view.container.querySelector<HTMLInputElement>('#pagamento')!.value).toBe('credit-card');
    for (const input of view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
      expect(view.container.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }
    expect(view.container.querySelector('legend')!.textContent).toBe('Forma de pagamento');
  });

  it('ties its error to the fieldset', () => {
    view = render(<Methods initial={null} error="Forma de pagamento inválida" />);
    const fieldset = view.container.querySelector('fieldset')!;
    expect(describedByTexts(fieldset)).toEqual(['Forma de pagamento inválida']);
    expect(view.container.querySelector('#pagamento-error')!.textContent).toBe('Forma de pagamento inválida');
  });
});

describe('Alert', () => {
  it('renders its title as a heading when asked, and forwards the ref', () => {
    const ref = createRef<HTMLDivElement>();
    view = render(
      <Alert ref={ref} variant="danger" title="Dados inválidos" headingLevel={2} titleId="erros" role="alert" aria-labelledby="erros">
        <ul>
          <li>CEP: CEP inválido</li>
        </ul>
      </Alert>,
    );
    const heading = view.container.querySelector('h2#erros')!;
    expect(heading.textContent).toBe('Dados inválidos');
    expect(ref.current).toBe(view.container.querySelector('[role="alert"]'));
    expect(ref.current!.getAttribute('aria-labelledby')).toBe('erros');
  });

  it('renders its title as a paragraph by default', () => {
    view = render(<Alert title="2FA Ativado">ok</Alert>);
    expect(view.container.querySelector('h2, h3')).toBeNull();
    expect(view.container.querySelector('p')!.textContent).toBe('2FA Ativado');
  });
});
