/**
 * The form wrapper: a zod schema validates on submit, each field shows its first message
 * tied to the input (`aria-invalid`, `aria-describedby`), the submit handler gets the parsed
 * output, `format` masks what is typed, and a 400's issues land on their fields or as the form's
 * error. Also the shared verification-code field.
 */
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '@prata/shared-ui/state';
import { describedByTexts, flush, inputByLabel, render, type, type Rendered } from '../testing/render.tsx';
import { CodeField, sanitizeCode } from './code-field.tsx';
import { Input } from './form.tsx';
import { Form, FormCheckbox, FormField, bodyField, serverIssues, setServerErrors, useZodForm, validatorSchema, type ZodForm } from './zod-form.tsx';

const schema = z
  .object({
    fullName: z.string().trim().min(1, 'Nome completo é obrigatório'),
    zipCode: z.string().regex(/^\d{5}-?\d{3}$/, 'CEP inválido'),
    accept: z.boolean(),
  })
  .refine((values) => values.accept, { path: ['accept'], message: 'Aceite os termos' });

let view: Rendered;
afterEach(() => view.unmount());

function Sample({ onSubmit, failure }: { onSubmit: (values: z.output<typeof schema>) => void; failure?: unknown }) {
  const form: ZodForm<typeof schema> = useZodForm(schema, { defaultValues: { fullName: '', zipCode: '', accept: false } });
  const [mapped, setMapped] = useState<number>();
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Exemplo">
      <FormField control={form.control} name="fullName" label="Nome completo" hint="Como no documento">
        {(control) => <Input {...control} />}
      </FormField>
      <FormField control={form.control} name="zipCode" label="CEP" format={(typed) => typed.replace(/[^\d-]/g, '')}>
        {(control) => <Input {...control} />}
      </FormField>
      <FormCheckbox control={form.control} name="accept" label="Aceito" />
      <output>{form.formState.isDirty ? 'alterado' : 'intacto'}</output>
      <p role="alert">{form.formState.errors.root?.server?.message}</p>
      <button type="submit">Enviar</button>
      <button type="button" onClick={() => setMapped(setServerErrors(form, serverIssues(failure), bodyField(['fullName', 'zipCode', 'accept'])))}>
        Falhar
      </button>
      <data>{mapped}</data>
    </Form>
  );
}

const submit = async () => {
  await act(async () => view.container.querySelector('form')!.requestSubmit());
  await flush();
};

describe('useZodForm + Form + FormField', () => {
  it('shows the first message of each invalid field, tied to its input, and does not submit', async () => {
    const onSubmit = vi.fn();
    view = render(<Sample onSubmit={onSubmit} />);
    const name = inputByLabel(view.container, 'Nome completo');
    expect(name.getAttribute('name')).toBe('fullName');
    expect(view.container.querySelector('form')!.noValidate).toBe(true);
    expect(describedByTexts(name)).toEqual(['Como no documento']);
    type(inputByLabel(view.container, 'CEP'), '0131');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(name)).toEqual(['Como no documento', 'Nome completo é obrigatório']);
    expect(describedByTexts(inputByLabel(view.container, 'CEP'))).toEqual(['CEP inválido']);
  });

  it('masks what is typed and submits the parsed values', async () => {
    const onSubmit = vi.fn();
    view = render(<Sample onSubmit={onSubmit} />);
    expect(view.container.querySelector('output')!.textContent).toBe('intacto');
    type(inputByLabel(view.container, 'Nome completo'), '  Maria Silva ');
    type(inputByLabel(view.container, 'CEP'), '01310-100abc');
    expect(inputByLabel(view.container, 'CEP').value).toBe('01310-100');
    act(() => inputByLabel(view.container, 'Aceito').click());
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ fullName: 'Maria Silva', zipCode: '01310-100', accept: true });
    expect(view.container.querySelector('output')!.textContent).toBe('alterado');
  });

  it("puts a 400's issues on their fields and the rest as the form's error", async () => {
    const failure = new ApiRequestError(400, 'Dados inválidos', {
      error: 'validation',
      message: 'Dados inválidos',
      issues: [
        { path: 'body.zipCode', message: 'CEP não encontrado' },
        { path: 'body.zipCode', message: 'segunda mensagem' },
        { path: 'body.other', message: 'Tente outra vez.' },
      ],
    } as never);
    view = render(<Sample onSubmit={() => {}} failure={failure} />);
    act(() => [...view.container.querySelectorAll('button')].find((button) => button.textContent === 'Falhar')!.click());
    expect(view.container.querySelector('data')!.textContent).toBe('1');
    expect(describedByTexts(inputByLabel(view.container, 'CEP'))).toEqual(['CEP não encontrado']);
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('Tente outra vez.');
    expect(serverIssues(new Error('rede'))).toEqual([]);
  });
});

function Code({ kind }: { kind: 'totp' | 'totp-or-recovery' }) {
  const [code, setCode] = useState('');
  return <CodeField kind={kind} hint="Digite o código." value={code} onValueChange={setCode} />;
}

describe('CodeField', () => {
  it('keeps 6 digits for a TOTP code, or 8 letters and digits (upper case) for a recovery code', () => {
    expect(sanitizeCode('totp', '12a 3-4567')).toBe('123456');
    expect(sanitizeCode('totp-or-recovery', 'ab12-cd34ef')).toBe('AB12CD34');
    view = render(<Code kind="totp" />);
    const input = inputByLabel(view.container, 'Código de verificação');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.name).toBe('code');
    type(input, '12a34');
    expect(input.value).toBe('1234');
  });
});

describe('validatorSchema', () => {
  it("turns a validator's field messages into the form's errors and its data into the output", async () => {
    const schema = validatorSchema((values: { cep: string }) => (values.cep.length === 8 ? { success: true, data: { zipCode: values.cep } } : { success: false, errors: { cep: 'CEP inválido' } }));
    const { zodResolver } = await import('@hookform/resolvers/zod');
    const resolve = zodResolver(schema);
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect((await resolve({ cep: '0131' }, undefined, options)).errors).toMatchObject({ cep: { message: 'CEP inválido' } });
    expect((await resolve({ cep: '01310100' }, undefined, options)).values).toEqual({ zipCode: '01310100' });
  });
});
