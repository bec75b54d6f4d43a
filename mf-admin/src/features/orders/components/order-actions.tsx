/**
 * The staff's transitions of one order, each behind a confirmation dialog:
 * 'Marcar como pago' (with where the payment was seen), 'Enviar pedido' (carrier and tracking
 * code), 'Marcar como entregue', 'Cancelar pedido' (a paid order is refunded through the
 * acquirer: 'Cancelar e reembolsar'), and for a payment confirmed after expiry 'Reembolsar
 * pagamento' or 'Reativar pedido'. Only the actions the order's status allows are offered;
 * the service refuses the others anyway (pt-BR message in a toast).
 */
import { useState, type ReactNode } from 'react';
import { shipOrderSchema, type AdminOrder } from '@prata/contracts';
import { Button, Dialog, TextField, formatBRL, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrderAction, type OrderAction, type OrderActionBodies } from '../api/order-action.ts';
import styles from './orders.module.css';

interface ActionDialogProps<A extends OrderAction> {
  order: AdminOrder;
  action: A;
  trigger: string;
  title: string;
  description: ReactNode;
  confirm: string;
  success: string;
  variant?: 'primary' | 'outline' | 'danger';
  /** The body to send, or field errors to show. */
  body: () => { body: OrderActionBodies[A] } | { errors: Record<string, string> };
  children?: (errors: Record<string, string>) => ReactNode;
}

function ActionDialog<A extends OrderAction>({ order, action, trigger, title, description, confirm, success, variant = 'primary', body, children }: ActionDialogProps<A>) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useOrderAction(order.id, action);
  const submit = () => {
    const result = body();
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.body, {
      onSuccess: () => {
        setOpen(false);
        toast.success(success, { description: `Pedido ${order.number}` });
      },
      onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Não foi possível atualizar o pedido.') }),
    });
  };
  return (
    <>
      <Button variant={variant === 'danger' ? 'outline' : variant} onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Voltar
            </Button>
            <Button variant={variant} onClick={submit} disabled={mutation.isPending} aria-busy={mutation.isPending}>
              {mutation.isPending ? 'Salvando...' : confirm}
            </Button>
          </>
        }
      >
        {children ? <div className={styles.stack}>{children(errors)}</div> : null}
      </Dialog>
    </>
  );
}

export function OrderActions({ order }: { order: AdminOrder }) {
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('Correios');
  const [trackingCode, setTrackingCode] = useState('');
  const total = formatBRL(order.totalCents);
  const alert = order.paymentAlert && !order.paymentAlert.resolution && order.paymentAlert.kind === 'paid_after_expiry';
  const noteField = (label: string, errors: Record<string, string>) => (
    <TextField id="order-action-note" label={label} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} maxLength={200} />
  );

  return (
    <div className={styles.actions} data-testid="order-actions">
      {order.status === 'pending' ? (
        <ActionDialog
          order={order}
          action="mark-paid"
          trigger="Marcar como pago"
          title={`Marcar o pedido ${order.number} como pago?`}
          description={`Confirme só depois de ver os ${total} na conta da loja (por exemplo, um PIX para a chave da loja). A confirmação fica registrada com o seu nome.`}
          confirm="Confirmar pagamento"
          success="Pagamento confirmado"
          body={() => (note.trim() ? { body: { note: note.trim() } } : { errors: { note: 'Informe onde o pagamento foi conferido' } })}
        >
          {(errors) => noteField('Onde o pagamento foi conferido', errors)}
        </ActionDialog>
      ) : null}
      {order.status === 'paid' ? (
        <ActionDialog
          order={order}
          action="ship"
          trigger="Enviar pedido"
          title={`Enviar o pedido ${order.number}`}
          description="O cliente recebe o código de rastreio por e-mail e em Meus pedidos."
          confirm="Confirmar envio"
          success="Pedido enviado"
          body={() => {
            const parsed = shipOrderSchema.safeParse({ carrier, trackingCode });
            if (parsed.success) return { body: parsed.data };
            return { errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
          }}
        >
          {(errors) => (
            <>
              <TextField id="order-carrier" label="Transportadora" value={carrier} onChange={(event) => setCarrier(event.target.value)} error={errors.carrier} maxLength={60} />
              <TextField id="order-tracking" label="Código de rastreio" value={trackingCode} onChange={(event) => setTrackingCode(event.target.value)} error={errors.trackingCode} maxLength={60} />
            </>
          )}
        </ActionDialog>
      ) : null}
      {order.status === 'shipped' ? (
        <ActionDialog
          order={order}
          action="deliver"
          trigger="Marcar como entregue"
          title={`O pedido ${order.number} foi entregue?`}
          description="Marque quando a transportadora confirmar a entrega."
          confirm="Confirmar entrega"
          success="Pedido entregue"
          body={() => ({ body: {} })}
        />
      ) : null}
      {order.status === 'pending' || order.status === 'paid' ? (
        <ActionDialog
          order={order}
          action="cancel"
          trigger={order.status === 'paid' ? 'Cancelar e reembolsar' : 'Cancelar pedido'}
          title={`Cancelar o pedido ${order.number}?`}
          description={
            order.status === 'paid'
              ? order.provider.status === 'manual'
                ? `O pagamento foi confirmado manualmente: devolva os ${total} ao cliente por fora. Os itens voltam para o estoque.`
                : `Os ${total} serão estornados pela operadora e os itens voltam para o estoque.`
              : 'Os itens voltam para o estoque e o código de pagamento deixa de valer.'
          }
          confirm={order.status === 'paid' ? 'Cancelar e reembolsar' : 'Cancelar pedido'}
          success="Pedido cancelado"
          variant="danger"
          body={() => ({ body: note.trim() ? { note: note.trim() } : {} })}
        >
          {(errors) => noteField('Motivo (opcional)', errors)}
        </ActionDialog>
      ) : null}
      {alert ? (
        <>
          <ActionDialog
            order={order}
            action="late-payment"
            trigger="Reembolsar pagamento"
            title="Reembolsar o pagamento recebido após o cancelamento?"
            description={`Os ${total} serão estornados pela operadora. O pedido continua cancelado.`}
            confirm="Reembolsar"
            success="Pagamento reembolsado"
            variant="danger"
            body={() => ({ body: { action: 'refund' } })}
          />
          <ActionDialog
            order={order}
            action="late-payment"
            trigger="Reativar pedido"
            title="Reativar o pedido como pago?"
            description="Os itens são reservados de novo se ainda houver estoque; o pedido volta a Pago."
            confirm="Reativar"
            success="Pedido reativado"
            body={() => ({ body: { action: 'reinstate' } })}
          />
        </>
      ) : null}
    </div>
  );
}
