/**
 * The cart's coupon field (issue 23 "Promotions: applied in the cart and checkout with clear pt-BR
 * messages for each refusal"). Signed in: the code (react-hook-form with the contracts'
 * `couponEntryFormSchema`) is checked by `POST /api/coupons/check` against the cart's goods and the
 * cheapest quoted freight (BRL cents); an accepted code stays in the cart store (`couponCode`, read
 * by the checkout) with the service's line ('Cupom PRATA10 aplicado: 10% de desconto'), a refused
 * one is dropped and its message shown (contracts COUPON_REFUSALS). The check runs again when the
 * cart changes, so the discount shown is the cart's. Signed out: 'Entre na sua conta para usar um
 * cupom' with a link to sign in that comes back to the cart.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '@prata/shared-ui/router';
import { couponEntryFormSchema, type CouponCheck } from '@prata/contracts/promotions';
import { Alert, Button, Input, useCartStore, useSessionStore } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { getCouponCheckQueryOptions, isCouponRefusal } from '../api/check-coupon.ts';
import { useCouponCode } from '../stores/cart-pricing.ts';
import styles from './cart.module.css';

/** Said to a signed-out shopper instead of the field. */
export const COUPON_SIGN_IN_MESSAGE = 'Entre na sua conta para usar um cupom';
/** Said when the check failed for a reason other than the coupon (network, 5xx). */
export const COUPON_CHECK_FAILED_MESSAGE = 'Não foi possível verificar o cupom agora. Tente novamente.';

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useZodForm(couponEntryFormSchema, { defaultValues: { code: '' } });
  const check = useQuery({ ...getCouponCheckQueryOptions({ code: code ?? '', subtotalCents, shippingCents }), enabled: signedIn && code !== null });
  const accepted = signedIn && code !== null ? (check.data ?? null) : null;

  useEffect(() => {
    if (!isCouponRefusal(check.error)) return;
    setRefusal(check.error.message);
    setCouponCode(null);
  }, [check.error, setCouponCode]);

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
  if (code !== null && accepted) {
    return (
      <div className={styles.coupon}>
        <Alert variant="success" role="status">
          {accepted.message}
        </Alert>
        <Button variant="ghost" size="sm" onClick={() => setCouponCode(null)}>
          Remover cupom
        </Button>
      </div>
    );
  }
  return (
    <Form
      form={form}
      className={styles.coupon}
      aria-label="Cupom de desconto"
      onSubmit={({ code: typed }) => {
        setRefusal(null);
        setCouponCode(typed);
      }}
    >
      <FormField control={form.control} name="code" label="Cupom de desconto" format={(typed) => typed.toUpperCase()}>
        {(control) => <Input {...control} autoComplete="off" maxLength={30} />}
      </FormField>
      <Button type="submit" variant="outline" loading={code !== null && check.isFetching}>
        Aplicar
      </Button>
      {refusal ? (
        <Alert variant="danger" role="alert">
          {refusal}
        </Alert>
      ) : null}
      {code !== null && check.error && !isCouponRefusal(check.error) ? (
        <Alert variant="danger" role="alert">
          {COUPON_CHECK_FAILED_MESSAGE}
        </Alert>
      ) : null}
    </Form>
  );
}
