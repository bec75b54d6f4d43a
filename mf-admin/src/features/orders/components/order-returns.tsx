/**
 * An order's return and exchange requests for the owner:
 * kind, units (an exchanged line with the option sent instead: '1× Anel Solitário (Aro 18 → Aro 16)'),
 * reason, status and amount of each, with the actions its status allows: 'Aprovar' / 'Recusar'
 * (with a note the shopper is e-mailed) for a request after the withdrawal right, 'Recebido'
 * (units back to stock), then 'Reembolsar' (through the acquirer) or 'Crédito na loja' for a
 * return; for an exchange 'Concluir troca' (the replacement units leave stock), or 'Reembolsar' /
 * 'Crédito na loja' when the store cannot send the replacement (the service's 409 'Sem estoque
 * de ...' is shown as any failure is). Existing design-system classes only (the panel's CSS budget).
 */
import { useState } from 'react';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, rejectReturnSchema, returnLineText, type AdminReturn, type ReturnAction } from '@prata/contracts';
import { Button, Card, Dialog, Input, Table, formatBRL, formatDateTime, toast } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrderReturns } from '../api/get-order-returns.ts';
import { useReturnAction } from '../api/return-action.ts';
import styles from './orders.module.css';

const ACTION_LABELS: Record<Exclude<ReturnAction, 'reject'>, string> = {
  approve: 'Aprovar',
  receive: 'Recebido',
  refund: 'Reembolsar',
  credit: 'Crédito na loja',
  exchange: 'Concluir troca',
};

/** The actions `request`'s status allows (the service refuses the others anyway). */
function actionsOf(request: AdminReturn): Exclude<ReturnAction, 'reject'>[] {
  if (request.status === 'requested') return ['approve'];
  if (request.status === 'approved') return ['receive'];
  if (request.status === 'received') return request.kind === 'return' ? ['refund', 'credit'] : ['exchange', 'refund', 'credit'];
  return [];
}

/** The action a row leads with: approving, refunding a return, concluding an exchange. */
function isMainAction(request: AdminReturn, name: Exclude<ReturnAction, 'reject'>): boolean {
  return name === 'approve' || name === (request.kind === 'return' ? 'refund' : 'exchange');
}

function RejectButton({ request }: { request: AdminReturn }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(rejectReturnSchema, { defaultValues: { note: '' } });
  const action = useReturnAction();
  const submit = (body: { note: string }) =>
    action.mutate(
      { id: request.id, action: 'reject', body },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success('Solicitação recusada', { description: `Pedido ${request.orderNumber}` });
        },
        onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Não foi possível recusar.') }),
      },
    );
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Recusar
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Recusar a solicitação?" description="O cliente recebe o motivo por e-mail.">
        <Form form={form} onSubmit={submit} className={styles.stack}>
          <FormField control={form.control} name="note" label="Motivo da recusa">
            {(control) => <Input {...control} />}
          </FormField>
          <Button type="submit" variant="danger" disabled={action.isPending}>
            {action.isPending ? 'Salvando...' : 'Recusar'}
          </Button>
        </Form>
      </Dialog>
    </>
  );
}

function Actions({ request }: { request: AdminReturn }) {
  const action = useReturnAction();
  const run = (name: Exclude<ReturnAction, 'reject'>) =>
    action.mutate(
      { id: request.id, action: name },
      {
        onSuccess: (saved) => toast.success(RETURN_STATUS_LABELS[saved.status], { description: `Pedido ${saved.orderNumber}` }),
        onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Não foi possível atualizar a solicitação.') }),
      },
    );
  return (
    <div className={styles.actions}>
      {actionsOf(request).map((name) => (
        <Button key={name} variant={isMainAction(request, name) ? 'primary' : 'outline'} onClick={() => run(name)} disabled={action.isPending}>
          {ACTION_LABELS[name]}
        </Button>
      ))}
      {request.status === 'requested' ? <RejectButton request={request} /> : null}
    </div>
  );
}

/** The order's requests (nothing when it has none). */
export function OrderReturns({ orderId }: { orderId: string }) {
  const returns = useOrderReturns(orderId);
  if (!returns.data || returns.data.length === 0) return null;
  return (
    <Card title="Devoluções e trocas">
      <Table caption="Devoluções e trocas do pedido" hideCaption variant="compact" data-testid="order-returns">
        <thead>
          <tr>
            <th scope="col">Pedido em</th>
            <th scope="col">Peças e motivo</th>
            <th scope="col">Status</th>
            <th scope="col">Valor</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {returns.data.map((request) => (
            <tr key={request.id} data-testid="return-row" data-status={request.status}>
              <td>
                <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                <div className={styles.muted}>
                  {RETURN_KIND_LABELS[request.kind]}
                  {request.withinWithdrawal ? ' · no prazo de 7 dias' : ' · fora do prazo de 7 dias'}
                </div>
              </td>
              <td>
                {request.lines.map(returnLineText).join(', ')}
                <div className={styles.muted}>{request.reason}</div>
                {request.note ? <div className={styles.muted}>{request.note}</div> : null}
              </td>
              <td>{RETURN_STATUS_LABELS[request.status]}</td>
              <td>
                {formatBRL(request.amountCents)}
                {request.shippingCents > 0 ? <div className={styles.muted}>com frete de {formatBRL(request.shippingCents)}</div> : null}
              </td>
              <td>
                <Actions request={request} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
