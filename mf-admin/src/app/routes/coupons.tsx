/** `/admin/coupons`: create, edit, pause and follow the use of each coupon. */
import { CouponList } from '../../features/coupons/components/coupon-list.tsx';
import { PageHeader } from './page-header.tsx';

export function CouponsRoute() {
  return (
    <>
      <PageHeader title="Cupons" lead="Cupons de desconto: percentual, valor fixo ou frete grátis, com validade e limites de uso." />
      <CouponList />
    </>
  );
}
