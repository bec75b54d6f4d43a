/**
 * The card's number, expiry and CVV as Mercado Pago's secure fields (MercadoPago.js v2 Core
 * Methods): the SDK mounts each field as a frame of the acquirer's origin inside the
 * containers below, so the store's JavaScript never reads the card (PCI SAQ A instead of A-EP).
 * The BIN the number field reports gives the brand (`getPaymentMethods`). `onChange` receives the
 * mounted card (null while the SDK loads, or after it failed); the form tokenises it on submit.
 * When the SDK cannot be loaded, `onFailure` is called and nothing is shown: the form shows
 * CardPaymentUnavailable (card-payment-unavailable.tsx) instead, never in-page card inputs.
 * The SDK's URL and the public key come from `GET /api/payments/config`; the shell's CSP admits
 * the SDK, its frames and its API from the same settings.
 */
import { useEffect, useState } from 'react';
import { Field, Spinner } from '@prata/shared-ui';
import { loadMercadoPago } from '../../../lib/mercadopago-sdk.ts';
import { brandOfPaymentMethod, type SecureCard } from '../api/create-card-token.ts';
import type { FieldErrors } from '../utils/checkout-values.ts';
import styles from './checkout.module.css';

export interface SecureCardFieldsProps {
  sdkUrl: string;
  publicKey: string;
  errors: FieldErrors;
  /** Container id of each field (the error summary links to them). */
  fieldId(field: 'cardNumber' | 'cardExpiry' | 'cardCvv'): string;
  onChange(card: SecureCard | null): void;
  /** MercadoPago.js could not be loaded (network, CSP, a script without `MercadoPago`). */
  onFailure(): void;
}

const FIELDS = [
  { field: 'cardNumber', type: 'cardNumber', label: 'Número do cartão', placeholder: '0000 0000 0000 0000', wide: true },
  { field: 'cardExpiry', type: 'expirationDate', label: 'Validade', placeholder: 'MM/AA', wide: false },
  { field: 'cardCvv', type: 'securityCode', label: 'CVV', placeholder: '123', wide: false },
] as const;

/** The secure card fields, mounted by MercadoPago.js in containers of this component. */
export function SecureCardFields({ sdkUrl, publicKey, errors, fieldId, onChange, onFailure }: SecureCardFieldsProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    const mounted: { unmount(): unknown }[] = [];
    loadMercadoPago(sdkUrl)
      .then((MercadoPago) => {
        if (cancelled) return;
        const mp = new MercadoPago(publicKey, { locale: 'pt-BR' });
        const card: SecureCard = { mp, brand: null };
        for (const { field, type, placeholder } of FIELDS) mounted.push(mp.fields.create(type, { placeholder }).mount(fieldId(field)));
        const [number] = mounted as ReturnType<typeof mp.fields.create>[];
        number!.on('binChange', ({ bin }) => {
          card.brand = null;
          if (!bin) return;
          mp.getPaymentMethods({ bin }).then(
            ({ results }) => {
              if (!cancelled) card.brand = brandOfPaymentMethod(results[0]?.id);
            },
            () => undefined,
          );
        });
        setState('ready');
        onChange(card);
      })
      .catch(() => {
        if (cancelled) return;
        setState('failed');
        onFailure();
      });
    return () => {
      cancelled = true;
      for (const field of mounted) field.unmount();
      onChange(null);
    };
    // The SDK is mounted once per configuration; `onChange`, `onFailure` and `fieldId` are stable callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sdkUrl, publicKey]);

  if (state === 'failed') return null;
  return (
    <>
      {FIELDS.map(({ field, label, wide }) => (
        <div key={field} className={wide ? styles.wide : undefined}>
          <Field label={label} id={fieldId(field)} error={errors[field]}>
            {({ id, className, ...aria }) => <div id={id} className={`${className} ${styles.secureField}`} tabIndex={-1} data-secure-field={field} {...aria} />}
          </Field>
        </div>
      ))}
      {state === 'loading' ? (
        <div className={`${styles.note} ${styles.wide}`} role="status">
          <Spinner size="sm" /> Carregando campos seguros do cartão...
        </div>
      ) : null}
    </>
  );
}
