/**
 * The 'Devolver ou trocar' form: kind, units per item still returnable, for an
 * exchange the option wanted instead ('Trocar por', e.g. another ring size; lines whose product
 * has options), and the reason, validated with the shared `createReturnSchema` through
 * react-hook-form; the service's 400 issues land on the form. The caller gives the mutation that
 * sends it (the account's order page, or the tracking page with a code's grant). A chunk of its own
 * (order-returns.tsx loads it with `React.lazy` when the shopper opens it), so the form library
 * stays out of the remote's first load.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { RETURN_KIND_LABELS, createReturnSchema, type CreateReturnInput, type OrderReturns, type ReturnKind, type ReturnRequest } from '@prata/contracts';
import { Button, Field, RadioGroup, Select, Textarea } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, serverIssues, setServerErrors, useController, useWatch, useZodForm } from '@prata/shared-ui/form';
import { ApiRequestError } from '../../../lib/api-client.ts';
import styles from './orders.module.css';

const KIND_OPTIONS = (Object.keys(RETURN_KIND_LABELS) as ReturnKind[]).map((kind) => ({ value: kind, label: RETURN_KIND_LABELS[kind] }));

type ReturnableLine = OrderReturns['returnable'][number];

/** Whether 'Trocar por' offers the option `line` was bought in (else it offers 'A mesma peça' first). */
function offersBought(line: ReturnableLine): boolean {
  return line.options.some((option) => option.variantId === line.variantId);
}

/** A line's form value: no units yet and, for a product with options, the replacement preselected on the option bought (null: the same piece). */
function defaultLine(line: ReturnableLine): CreateReturnInput['lines'][number] {
  const base = { orderItemId: line.orderItemId, quantity: 0 };
  return line.options.length > 0 ? { ...base, replacementVariantId: offersBought(line) ? line.variantId : null } : base;
}

/**
 * The body to send: an exchange keeps each line's replacement (only lines with options have one);
 * a return sends none, whatever was picked before switching the kind.
 */
function returnBody(input: CreateReturnInput): CreateReturnInput {
  const exchange = input.kind === 'exchange';
  return { ...input, lines: input.lines.map(({ replacementVariantId, ...line }) => (exchange && replacementVariantId !== undefined ? { ...line, replacementVariantId } : line)) };
}

/** How the form's request is sent: the account's (`useCreateReturn`) or a tracking page grant's (`useCreateGrantedReturn`). */
export type CreateReturnMutation = UseMutationResult<ReturnRequest, Error, CreateReturnInput>;

/** The form: kind, units per line (and the replacement of an exchanged line with options), reason; sent with `create`. */
export default function ReturnForm({ returns, create, onDone }: { returns: OrderReturns; create: CreateReturnMutation; onDone: () => void }) {
  const lines = returns.returnable.filter((line) => line.quantity > 0);
  const form = useZodForm(createReturnSchema, { defaultValues: { kind: 'return', reason: '', lines: lines.map(defaultLine) } });
  const kind = useController({ control: form.control, name: 'kind' });
  const chosen = useWatch({ control: form.control, name: 'lines' });
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message ?? form.formState.errors.root?.server?.message;

  const submit = (input: CreateReturnInput) =>
    create.mutate(returnBody(input), {
      onSuccess: (request) => {
        toast.success('Solicitação enviada', { description: request.status === 'approved' ? 'Aprovada: envie as peças de volta para a loja.' : 'A loja vai analisar e responder por e-mail.' });
        onDone();
      },
      onError: (cause) => {
        if (setServerErrors(form, serverIssues(cause), (path) => (path === 'reason' || path === 'kind' ? path : undefined)) === 0) {
          form.setError('root.server', { message: cause instanceof ApiRequestError ? cause.message : 'Não foi possível enviar a solicitação.' });
        }
      },
    });

  return (
    <Form form={form} onSubmit={submit} className={styles.card} aria-label="Devolver ou trocar">
      <RadioGroup legend="O que você quer fazer?" name="kind" options={KIND_OPTIONS} value={kind.field.value} onValueChange={kind.field.onChange} inline />
      {lines.map((line, index) => [
        <Field key={line.orderItemId} label={`${line.productName}${line.variantLabel ? ` — ${line.variantLabel}` : ''}`} hint={`Até ${line.quantity}`}>
          {(control) => (
            <Select {...control} {...form.register(`lines.${index}.quantity`, { setValueAs: Number })} data-testid="return-quantity">
              {Array.from({ length: line.quantity + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          )}
        </Field>,
        kind.field.value === 'exchange' && line.options.length > 0 && Number(chosen[index]?.quantity) > 0 ? (
          <Field
            key={`${line.orderItemId}-replacement`}
            label={
              <>
                Trocar por<span className="p9-visually-hidden"> ({line.productName})</span>
              </>
            }
          >
            {(control) => (
              <Select {...control} {...form.register(`lines.${index}.replacementVariantId`, { setValueAs: (value: string | null) => value || null })} data-testid="return-replacement">
                {offersBought(line) ? null : <option value="">A mesma peça</option>}
                {line.options.map((option) => (
                  <option key={option.variantId} value={option.variantId}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null,
      ])}
      {linesError ? (
        <p role="alert" className={styles.muted}>
          {linesError}
        </p>
      ) : null}
      <FormField control={form.control} name="reason" label="Motivo">
        {(control) => <Textarea {...control} rows={3} />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Enviando...' : 'Enviar solicitação'}
        </Button>
      </div>
    </Form>
  );
}
