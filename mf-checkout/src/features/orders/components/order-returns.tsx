/**
 * 'Devolução ou troca' on a delivered order's page (`/minha-conta/pedidos/:id`, issue 23; CDC
 * art. 49): the end of the 7-day withdrawal right, the order's requests with their status and
 * amounts, and the 'Devolver ou trocar' form (kind, units per item, reason) validated with the
 * shared `createReturnSchema` through react-hook-form; the service's 400 issues land on the form.
 */
import { useState } from 'react';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, createReturnSchema, type Order, type OrderReturns, type ReturnKind } from '@prata/contracts';
import { Button, Card, Field, RadioGroup, Select, Textarea, formatBRL, formatDateTime, toast } from '@prata/shared-ui';
import { Form, FormField, serverIssues, setServerErrors, useController, useZodForm } from '@prata/shared-ui/form';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCreateReturn } from '../api/create-return.ts';
import { useOrderReturns } from '../api/get-order-returns.ts';
import styles from './orders.module.css';

const KIND_OPTIONS = (Object.keys(RETURN_KIND_LABELS) as ReturnKind[]).map((kind) => ({ value: kind, label: RETURN_KIND_LABELS[kind] }));

function ReturnForm({ order, returns, onDone }: { order: Order; returns: OrderReturns; onDone: () => void }) {
  const lines = returns.returnable.filter((line) => line.quantity > 0);
  const form = useZodForm(createReturnSchema, { defaultValues: { kind: 'return', reason: '', lines: lines.map((line) => ({ orderItemId: line.orderItemId, quantity: 0 })) } });
  const kind = useController({ control: form.control, name: 'kind' });
  const create = useCreateReturn(order.id);
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message ?? form.formState.errors.root?.server?.message;

  const submit = (input: Parameters<typeof create.mutate>[0]) =>
    create.mutate(input, {
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
      {lines.map((line, index) => (
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
        </Field>
      ))}
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

/** The order's returns card (delivered orders only). */
export function OrderReturnsCard({ order }: { order: Order }) {
  const returns = useOrderReturns(order.id);
  const [asking, setAsking] = useState(false);
  if (!returns.data) return null;
  const { withdrawalUntil, open, requests } = returns.data;
  return (
    <Card title="Devolução ou troca" className={styles.card} testId="order-returns">
      {withdrawalUntil ? <p className={styles.muted}>Direito de arrependimento (7 dias): até {formatDateTime(withdrawalUntil)}. Depois disso, a loja analisa cada pedido.</p> : null}
      {requests.length > 0 ? (
        <ul className={styles.lines}>
          {requests.map((request) => (
            <li key={request.id} className={styles.line} data-testid="return-request" data-status={request.status}>
              <span>
                {RETURN_KIND_LABELS[request.kind]} de {request.lines.map((line) => `${line.quantity}× ${line.productName}`).join(', ')}
                {request.note ? ` · ${request.note}` : ''}
              </span>
              <strong>
                {RETURN_STATUS_LABELS[request.status]}
                {request.refundedCents ? ` · ${formatBRL(request.refundedCents)}` : request.creditedCents ? ` · ${formatBRL(request.creditedCents)}` : ''}
              </strong>
            </li>
          ))}
        </ul>
      ) : null}
      {open && asking ? <ReturnForm order={order} returns={returns.data} onDone={() => setAsking(false)} /> : null}
      {open && !asking ? (
        <div className={styles.actions}>
          <Button variant="outline" onClick={() => setAsking(true)}>
            Devolver ou trocar
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
