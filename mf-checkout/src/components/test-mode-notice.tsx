/**
 * 'Modo de teste': shown wherever the shopper pays while the store runs on the
 * sandbox acquirer or the acquirer's test credentials, so nobody mistakes it for a real payment.
 */
import { Alert } from '@prata/shared-ui';

export function TestModeNotice({ simulation }: { simulation: boolean }) {
  return (
    <Alert variant="warning" title="Modo de teste" data-testid="test-mode-notice">
      Nenhum pagamento real é cobrado nesta loja.
      {simulation ? ' Use o cartão de teste 4111 1111 1111 1111 (recusado: 4000 0000 0000 0002); PIX e boleto podem ser pagos com "Simular pagamento".' : ' Use os cartões de teste da operadora.'}
    </Alert>
  );
}
