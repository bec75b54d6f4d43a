/**
 * Which card entry the checkout may show, and what it shows when it may show none.
 *
 * The plain card inputs (number, expiry, CVV typed into the store's page) are the sandbox's test
 * form only: they appear once `GET /api/payments/config` has said `provider: 'sandbox'`. A store
 * on Mercado Pago types the card into MercadoPago.js's secure fields. Anything else (the
 * configuration still loading, failed, or naming no SDK) is no card entry at all: the card
 * option shows {@link CardPaymentUnavailable} (a message and "Tentar novamente") and PIX and
 * boleto stay available. So a store whose configuration fails to load never falls back to
 * in-page card fields, whatever its acquirer.
 */
import type { PaymentConfig } from '@prata/contracts';
import { Alert, Button } from '@prata/shared-ui';
import styles from './checkout.module.css';

/** Shown when the card cannot be typed anywhere safe (see the module doc). */
export const CARD_PAYMENT_UNAVAILABLE = 'Não foi possível carregar o pagamento com cartão. Tente novamente ou escolha PIX ou boleto.';

/** How the card is typed: the acquirer's secure fields, the sandbox's test form, or not at all. */
export type CardEntry = { kind: 'secure-fields'; sdkUrl: string; publicKey: string } | { kind: 'sandbox-form' } | { kind: 'unavailable' };

/**
 * The card entry a payment configuration allows (undefined: not loaded, or failed). Only the
 * sandbox gets the in-page form; a Mercado Pago configuration without its SDK or public key gets
 * none.
 */
export function cardEntryOf(config: PaymentConfig | undefined): CardEntry {
  if (config?.provider === 'sandbox') return { kind: 'sandbox-form' };
  if (config?.provider === 'mercadopago' && config.sdkUrl && config.publicKey) return { kind: 'secure-fields', sdkUrl: config.sdkUrl, publicKey: config.publicKey };
  return { kind: 'unavailable' };
}

export interface CardPaymentUnavailableProps {
  /** True while a retry is under way: the button waits. */
  retrying?: boolean;
  /** Loads the payment configuration, or the SDK, again. */
  onRetry(): void;
}

/** The card option when no card entry can be shown: the message, and a retry. */
export function CardPaymentUnavailable({ retrying = false, onRetry }: CardPaymentUnavailableProps) {
  return (
    <div className={styles.wide}>
      <Alert variant="danger" role="alert" data-testid="card-payment-unavailable">
        <p>{CARD_PAYMENT_UNAVAILABLE}</p>
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
          Tentar novamente
        </Button>
      </Alert>
    </div>
  );
}
