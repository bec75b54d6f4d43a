/**
 * 'Simular pagamento' (sandbox only): pays an unpaid PIX or boleto through the sandbox acquirer,
 * which notifies the store by its signed webhook, like a real payment. Toasts the outcome.
 */
import { Button } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSimulatePayment } from '../api/simulate-payment.ts';

export function SimulatePaymentButton({ orderId }: { orderId: string }) {
  const simulate = useSimulatePayment();
  const pay = () =>
    simulate.mutate(orderId, {
      onSuccess: (order) => {
        if (order.status === 'paid') toast.success('Pagamento confirmado!', { description: 'O pagamento simulado foi aprovado.' });
      },
      onError: (error) => toast.error('Erro', { description: error instanceof ApiRequestError ? error.message : 'Não foi possível simular o pagamento.' }),
    });
  return (
    <Button variant="outline" onClick={pay} disabled={simulate.isPending} aria-busy={simulate.isPending}>
      {simulate.isPending ? 'Processando...' : 'Simular pagamento'}
    </Button>
  );
}
