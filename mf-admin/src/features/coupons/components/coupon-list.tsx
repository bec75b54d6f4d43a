/**
 * Cupons tab list: each coupon's code, discount (kind and value, minimum order, first
 * purchase only), validity, uses (used / limit), status, and the discount it has given; 'Novo
 * cupom' and 'Editar' open the form dialog (coupon-form.tsx); 'Pausar' / 'Retomar' pause and
 * resume it (a used coupon is never deleted). Empty: 'Nenhum cupom cadastrado'.
 */
import { useState } from 'react';
import { COUPON_STATUS_LABELS, type Coupon, type CouponStatus } from '@prata/contracts';
import { Alert, Badge, Button, Price, Skeleton, Table, formatBRL, formatDateTime, toast, type BadgeVariant } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCoupons, usePauseCoupon } from '../api/coupons.ts';
import { CouponFormDialog } from './coupon-form.tsx';
import styles from './coupons.module.css';

const STATUS_VARIANTS: Readonly<Record<CouponStatus, BadgeVariant>> = { active: 'success', paused: 'warning', scheduled: 'neutral', expired: 'neutral', exhausted: 'danger' };

/** The discount as the list shows it, e.g. '10%', 'R$ 20,00', 'Frete grátis'. */
export function discountLabel(coupon: Pick<Coupon, 'kind' | 'value'>): string {
  if (coupon.kind === 'free_shipping') return 'Frete grátis';
  return coupon.kind === 'percent' ? `${coupon.value}%` : formatBRL(coupon.value ?? 0);
}

function validity(coupon: Coupon): string {
  if (coupon.startsAt && coupon.endsAt) return `${formatDateTime(coupon.startsAt)} a ${formatDateTime(coupon.endsAt)}`;
  if (coupon.startsAt) return `A partir de ${formatDateTime(coupon.startsAt)}`;
  if (coupon.endsAt) return `Até ${formatDateTime(coupon.endsAt)}`;
  return 'Sem prazo';
}

export function CouponList() {
  const coupons = useCoupons();
  const pause = usePauseCoupon();
  const [editing, setEditing] = useState<{ coupon: Coupon | null } | null>(null);

  const togglePause = async (coupon: Coupon) => {
    try {
      await pause.mutateAsync({ id: coupon.id, paused: !coupon.paused });
      toast.success(coupon.paused ? `Cupom ${coupon.code} retomado` : `Cupom ${coupon.code} pausado`);
    } catch (error) {
      toast.error('Erro ao alterar o cupom', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <div className={styles.form}>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => setEditing({ coupon: null })}>
          Novo cupom
        </Button>
      </div>
      {coupons.isPending ? (
        <Skeleton height={200} />
      ) : coupons.isError ? (
        <Alert variant="danger">Não foi possível carregar os cupons.</Alert>
      ) : coupons.data.length === 0 ? (
        <p>Nenhum cupom cadastrado.</p>
      ) : (
        <Table caption="Cupons" hideCaption data-testid="coupons-table">
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Desconto</th>
              <th scope="col">Validade</th>
              <th scope="col">Usos</th>
              <th scope="col">Status</th>
              <th scope="col">Descontos concedidos</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.map((coupon) => (
              <tr key={coupon.id}>
                <th scope="row">{coupon.code}</th>
                <td>
                  {discountLabel(coupon)}
                  {coupon.minOrderCents !== null ? <small> · mínimo {formatBRL(coupon.minOrderCents)}</small> : null}
                  {coupon.firstPurchaseOnly ? <small> · 1ª compra</small> : null}
                </td>
                <td>{validity(coupon)}</td>
                <td>
                  {coupon.usedCount} / {coupon.maxUses ?? '∞'}
                  {coupon.maxUsesPerCustomer !== null ? <small> · {coupon.maxUsesPerCustomer} por cliente</small> : null}
                </td>
                <td>
                  <Badge variant={STATUS_VARIANTS[coupon.status]}>{COUPON_STATUS_LABELS[coupon.status]}</Badge>
                </td>
                <td>
                  <Price cents={coupon.discountTotalCents} />
                </td>
                <td>
                  <div className={styles.actions}>
                    <Button variant="outline" size="sm" onClick={() => setEditing({ coupon })} aria-label={`Editar ${coupon.code}`}>
                      Editar
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => void togglePause(coupon)} aria-label={`${coupon.paused ? 'Retomar' : 'Pausar'} ${coupon.code}`}>
                      {coupon.paused ? 'Retomar' : 'Pausar'}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CouponFormDialog open={editing !== null} coupon={editing?.coupon ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
