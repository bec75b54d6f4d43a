/**
 * The back-in-stock confirmation page (security review 2026-11-29 #5): `/avisos/confirmar?token=`
 * (contracts `BACK_IN_STOCK_CONFIRM_PATH`), where the confirmation e-mail leads; the shopper
 * confirms with a button (a POST), so following the link confirms nothing.
 */
import { useSearchParams } from '@prata/shared-ui/router';
import { ConfirmAlert } from '../../features/back-in-stock/components/confirm-alert.tsx';

export function ConfirmBackInStockRoute() {
  const [params] = useSearchParams();
  return (
    <div className="p9-container">
      <ConfirmAlert token={params.get('token')} />
    </div>
  );
}
