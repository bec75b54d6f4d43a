/**
 * The cart `/carrinho` (storefront.md 2, 4, 9): the shared cart's lines with quantity controls,
 * the refresh notices, a summary (subtotal, freight, total), 'Finalizar Compra' to
 * /checkout, 'Limpar carrinho' and links to /produtos; the empty-state screen when empty.
 *
 * The summary's freight is the cheapest option quoted for the cart's CEP (the freight
 * widget under it; 'Calcule pelo CEP' before a quote), an accepted coupon's discount is a row of
 * its own, the total is goods + that freight - the discount (contracts `priceOrder`, as the order is
 * priced, not paying by PIX), and with the store's PIX discount the
 * goods' price by PIX shows under the total (contracts `pixPriceCents`, on the goods after a goods
 * coupon, as the order prices it), then the card instalments of the total under the store's rules
 * (contracts `advertisedInstallmentOption`, as the product page states them: 'ou 12x de R$ 12,49
 * sem juros'). The quote and coupon forms load as a chunk of their own
 * (cart-offers.tsx) behind a skeleton of their height.
 */
import { Suspense, lazy, useState } from 'react';
import { Link } from '@prata/shared-ui/router';
import { advertisedInstallmentOption, installmentOptionText } from '@prata/contracts/installments';
import { priceOrder } from '@prata/contracts/order-pricing';
import type { CouponCheck } from '@prata/contracts/promotions';
import type { ShippingQuote } from '@prata/contracts/shipping';
import { Button, Card, EmptyState, PixPrice, Skeleton, buttonClassName, useStoreOffers } from '@prata/shared-ui';
import { cartLineKey, selectCartCount, useCartStore } from '@prata/shared-ui/state';
import type { CartRefresh } from '../hooks/use-cart-refresh.ts';
import { CartLine } from './cart-line.tsx';
import { CartNotices } from './cart-notices.tsx';
import { OrderTotals } from '../../../components/order-totals.tsx';
import styles from './cart.module.css';

const CartOffers = lazy(() => import('./cart-offers.tsx').then((module) => ({ default: module.CartOffers })));

export function CartView({ refresh }: { refresh: CartRefresh }) {
  const items = useCartStore((state) => state.items);
  const count = useCartStore(selectCartCount);
  const setQuantity = useCartStore((state) => state.setQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const clear = useCartStore((state) => state.clear);
  const { pixDiscountPercent, installments } = useStoreOffers();
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);

  if (items.length === 0) {
    return (
      <>
        <CartNotices refresh={refresh} />
        <EmptyState
          title="Seu carrinho está vazio"
          description="Explore nossa coleção e encontre a joia perfeita para você."
          action={
            <Link to="/produtos" className={buttonClassName()}>
              Ver Produtos
            </Link>
          }
        />
      </>
    );
  }

  const subtotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  // Options come cheapest first (POST /api/shipping/quotes).
  const cheapest = quote?.options[0];
  const shippingCents = cheapest?.priceCents ?? 0;
  const pricing = priceOrder({ subtotalCents: subtotal, shippingCents, coupon, pixDiscountPercent, paysByPix: false });
  const goodsCents = subtotal - (coupon && !coupon.freeShipping ? pricing.couponDiscountCents : 0);
  const instalments = advertisedInstallmentOption(pricing.totalCents, installments);
  return (
    <>
      <h1>Carrinho</h1>
      <CartNotices refresh={refresh} />
      <div className={styles.layout}>
        <ul className={styles.items} aria-label="Itens do carrinho">
          {items.map((item) => (
            <CartLine key={cartLineKey(item)} item={item} onQuantity={setQuantity} onRemove={removeItem} />
          ))}
        </ul>
        <Card as="aside" title="Resumo" className={styles.summary}>
          <OrderTotals
            pricing={{ ...pricing, shippingCents: cheapest ? pricing.shippingCents : null, couponCode: coupon?.code ?? null }}
            subtotalLabel={`Subtotal (${count === 1 ? '1 item' : `${count} itens`})`}
            shippingPending="Calcule pelo CEP"
            shippingFrom={(quote?.options.length ?? 0) > 1}
          />
          {pixDiscountPercent > 0 ? (
            <p className={styles.unit} data-testid="cart-pix-price">
              Produtos por <PixPrice cents={goodsCents} percent={pixDiscountPercent} /> ({pixDiscountPercent}% de desconto)
            </p>
          ) : null}
          {instalments ? (
            <p className={styles.unit} data-testid="cart-installments">
              ou {installmentOptionText(instalments)}
            </p>
          ) : null}
          <Suspense fallback={<Skeleton height={160} />}>
            <CartOffers items={items} subtotalCents={subtotal} shippingCents={shippingCents} onQuote={setQuote} onCoupon={setCoupon} />
          </Suspense>
          <div className={styles.actions}>
            <Link to="/checkout" className={buttonClassName('primary')}>
              Finalizar Compra
            </Link>
            <Link to="/produtos" className={buttonClassName('outline')}>
              Continuar comprando
            </Link>
            <Button variant="ghost" onClick={clear}>
              Limpar carrinho
            </Button>
          </div>
        </Card>
      </div>
    </>
  );
}
