/**
 * MercadoPago.js v2, the acquirer's browser SDK, loaded the way its documentation
 * asks: one `<script src="https://sdk.mercadopago.com/js/v2">` (the URL is the service's
 * `MERCADOPAGO_SDK_URL`, from `GET /api/payments/config`; tests point it at a local double), then
 * `new MercadoPago(publicKey, { locale: 'pt-BR' })`. Only the "Core Methods" the checkout uses
 * are typed here: secure fields (`fields.create` / `mount` / `on('binChange')`,
 * `fields.createCardToken`) and `getPaymentMethods`. The card number, expiry and CVV live in the
 * SDK's frames on the acquirer's origin: the store's JavaScript never sees them (PCI SAQ A).
 */

/** A mounted secure field (`cardNumber`, `expirationDate`, `securityCode`). */
export interface MercadoPagoField {
  mount(containerId: string): MercadoPagoField;
  unmount(): MercadoPagoField;
  on(event: 'binChange', handler: (data: { bin?: string | null }) => void): MercadoPagoField;
  on(event: 'ready' | 'validityChange' | 'error', handler: (data: unknown) => void): MercadoPagoField;
}

/** The card token Mercado Pago answers (fields the checkout reads). */
export interface MercadoPagoCardToken {
  id: string;
  last_four_digits?: string;
}

export interface MercadoPagoInstance {
  fields: {
    create(type: 'cardNumber' | 'expirationDate' | 'securityCode', options?: { placeholder?: string }): MercadoPagoField;
    createCardToken(data: { cardholderName: string; identificationType?: string; identificationNumber?: string }): Promise<MercadoPagoCardToken>;
  };
  getPaymentMethods(query: { bin: string }): Promise<{ results: { id: string; payment_type_id?: string }[] }>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

const loading = new Map<string, Promise<MercadoPagoConstructor>>();

/**
 * Loads the SDK script once per URL (a failed load may be tried again).
 * @throws Error when the script cannot be loaded (network, CSP) or defines no `MercadoPago`.
 */
export function loadMercadoPago(sdkUrl: string): Promise<MercadoPagoConstructor> {
  const known = loading.get(sdkUrl);
  if (known) return known;
  const promise = new Promise<MercadoPagoConstructor>((resolve, reject) => {
    if (window.MercadoPago) return resolve(window.MercadoPago);
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.addEventListener('load', () => (window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error('MercadoPago.js did not define MercadoPago'))));
    script.addEventListener('error', () => reject(new Error(`MercadoPago.js could not be loaded from ${sdkUrl}`)));
    document.head.append(script);
  });
  promise.catch(() => loading.delete(sdkUrl));
  loading.set(sdkUrl, promise);
  return promise;
}
