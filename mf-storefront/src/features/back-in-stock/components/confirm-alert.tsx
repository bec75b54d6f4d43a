/**
 * The page the back-in-stock confirmation e-mail links to (`/avisos/confirmar?token=`, security
 * review 2026-11-29 #5): opening the link confirms nothing (a mail scanner that follows links, or
 * runs the page, never presses the button); the shopper's click on 'Confirmar aviso' posts the
 * token (`POST /api/back-in-stock/confirm`). The outcome's pt-BR title and text are the contracts'
 * `BACK_IN_STOCK_LINK_TEXTS` ('Aviso confirmado', 'Link expirado', 'Link inválido'), with a link
 * back to the product (or the catalogue). Without a token, or with a malformed one, the page says
 * 'Link inválido'; a failure to reach the service is a toast and the button stays.
 */
import { useState } from 'react';
import { Bell } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import { BACK_IN_STOCK_LINK_TEXTS, type BackInStockConfirmResult } from '@prata/contracts/back-in-stock';
import { Button, EmptyState, buttonClassName } from '@prata/shared-ui';
import { ApiRequestError, toast } from '@prata/shared-ui/state';
import { useConfirmBackInStock } from '../api/confirm-back-in-stock.ts';

export interface ConfirmAlertProps {
  /** The `token` of the e-mailed link, or null when the link had none. */
  token: string | null;
}

export function ConfirmAlert({ token }: ConfirmAlertProps) {
  const confirm = useConfirmBackInStock();
  const [result, setResult] = useState<BackInStockConfirmResult | null>(token ? null : { outcome: 'invalid' });

  const send = async () => {
    if (!token) return;
    try {
      setResult(await confirm.mutateAsync(token));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) {
        setResult({ outcome: 'invalid' });
        return;
      }
      toast.error('Não foi possível confirmar o aviso', { description: 'Tente novamente em instantes.' });
    }
  };

  if (result) {
    const text = BACK_IN_STOCK_LINK_TEXTS[result.outcome];
    const name = result.productName ? `“${result.productName}”` : 'o produto';
    const back = result.productSlug ? `/produtos/${encodeURIComponent(result.productSlug)}` : '/produtos';
    return (
      <div role="status">
        <EmptyState
          headingLevel={1}
          icon={<Bell size={28} />}
          title={text.title}
          description={text.body(name)}
          action={
            <Link to={back} className={buttonClassName('outline')}>
              Voltar à loja
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <EmptyState
      headingLevel={1}
      icon={<Bell size={28} />}
      title="Confirmar aviso"
      description="Confirme para receber um e-mail quando o produto estiver disponível de novo."
      action={
        <Button loading={confirm.isPending} onClick={() => void send()}>
          Confirmar aviso
        </Button>
      }
    />
  );
}
