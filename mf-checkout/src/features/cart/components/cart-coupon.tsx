/**
 * The cart's coupon field (applied in the cart and checkout, with a pt-BR
 * message for each refusal). Signed in: 'Aplicar' checks the code (react-hook-form with the
 * contracts' `couponEntryFormSchema`) by `POST /api/coupons/check` against the cart's goods and the
 * cheapest quoted freight (BRL cents); an accepted code goes to the cart store (`couponCode`, read
 * by the checkout) and shows the service's line ('Cupom PRATA10 aplicado: 10% de desconto'); a
 * refused one is not kept and its message shows (contracts COUPON_REFUSALS). While a code is kept,
 * the check runs again whenever the cart's amounts change, so the discount shown is the cart's (a
 * cart that no longer qualifies shows the refusal, and the code can be removed). Signed out: 'Entre
 * na sua conta para usar um cupom' with a link to sign in that comes back to the cart.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '@prata/shared-ui/router';
import { couponEntryFormSchema, type CouponCheck } from '@prata/contracts/promotions';
import { Alert, Button, Input, useCartStore, useSessionStore } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { checkCoupon, getCouponCheckQueryOptions, isCouponRefusal } from '../../../lib/coupon-check.ts';
import { useCouponCode } from '../stores/cart-pricing.ts';
import styles from './cart.module.css';

/** Said to a signed-out shopper instead of the field. */
export const COUPON_SIGN_IN_MESSAGE = 'Entre na sua conta para usar um cupom';
/** Said when the check failed for a reason other than the coupon (network, 5xx). */
export const COUPON_CHECK_FAILED_MESSAGE = 'Não foi possível verificar o cupom agora. Tente novamente.';

/** What a failed check says: the refusal's pt-BR message, else {@link COUPON_CHECK_FAILED_MESSAGE}. */
function failureMessage(error: unknown): string {
  return isCouponRefusal(error) ? error.message : COUPON_CHECK_FAILED_MESSAGE;
}

export interface CartCouponProps {
  /** The cart's goods, BRL cents. */
  subtotalCents: number;
  /** The freight the discount may apply to (the cheapest quoted option; 0 before a quote), BRL cents. */
  shippingCents: number;
  /** Called with the accepted coupon's check (null without one), for the summary's totals. */
  onCheck: (check: CouponCheck | null) => void;
}

export function CartCoupon({ subtotalCents, shippingCents, onCheck }: CartCouponProps) {
  const signedIn = useSessionStore((state) => state.user !== null);
  const code = useCouponCode();
  const setCouponCode = useCartStore((state) => state.setCouponCode);
  const queryClient = useQueryClient();
  const form = useZodForm(couponEntryFormSchema, { defaultValues: { code: '' } });
  const apply = useMutation({
    mutationFn: (typed: string) => checkCoupon({ code: typed, subtotalCents, shippingCents }),
    onSuccess: (result) => {
      queryClient.setQueryData(getCouponCheckQueryOptions({ code: result.code, subtotalCents, shippingCents }).queryKey, result);
      setCouponCode(result.code);
    },
  });
  const check = useQuery({ ...getCouponCheckQueryOptions({ code: code ?? '', subtotalCents, shippingCents }), enabled: signedIn && code !== null });
  const accepted = signedIn && code !== null ? (check.data ?? null) : null;

  useEffect(() => {
    onCheck(accepted);
  }, [accepted, onCheck]);

  if (!signedIn) {
    return (
      <p className={styles.coupon}>
        {COUPON_SIGN_IN_MESSAGE}.{' '}
        <Link to="/auth" state={{ from: '/carrinho' }}>
          Entrar
        </Link>
      </p>
    );
  }
  if (code !== null) {
    return (
      <div className={styles.coupon}>
        {accepted ? (
          <Alert variant="success" role="status">
            {accepted.message}
          </Alert>
        ) : check.error ? (
          <Alert variant="danger" role="alert">
            {failureMessage(check.error)}
          </Alert>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => setCouponCode(null)} loading={check.isFetching}>
          Remover cupom {code}
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} className={styles.coupon} aria-label="Cupom de desconto" onSubmit={({ code: typed }) => apply.mutate(typed)}>
      <FormField control={form.control} name="code" label="Cupom de desconto" format={(typed) => typed.toUpperCase()}>
        {(control) => <Input {...control} autoComplete="off" maxLength={30} />}
      </FormField>
      <Button type="submit" variant="outline" loading={apply.isPending}>
        Aplicar
      </Button>
      {apply.error ? (
        <Alert variant="danger" role="alert">
          {failureMessage(apply.error)}
        </Alert>
      ) : null}
    </Form>
  );
}
