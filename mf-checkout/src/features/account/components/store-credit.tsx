/** 'Crédito na loja' on `/minha-conta`: the balance of returns the store credited, shown only when there is one. */
import { formatBRL } from '@prata/shared-ui';
import { useStoreCredit } from '../../../lib/store-credit.ts';

export function StoreCreditBalance() {
  const credit = useStoreCredit();
  if (!credit.data || credit.data.balanceCents === 0) return null;
  return <p data-testid="store-credit">Crédito na loja: <strong>{formatBRL(credit.data.balanceCents)}</strong></p>;
}
