/**
 * The payments module's public face: the acquirer behind a `PaymentProvider` (the sandbox or
 * Mercado Pago, chosen by `PAYMENT_PROVIDER` and decorated as `app.payments` by `paymentsPlugin`),
 * its webhook signature, PIX payloads, boleto lines and due dates in São Paulo business days, and
 * the records the store keeps of the acquirer (`payment_notifications`, `sandbox_payments`).
 * It knows no order: the orders module charges through it and applies what the acquirer reports
 * (orders/payment-reconciliation.service.ts). Other modules and the composition import these
 * from here, never a file of this folder; the routes are in routes.ts.
 */
export { default as paymentsPlugin, PAYMENT_WEBHOOK_PATH } from './payments.plugin.ts';
export {
  OPEN_PAYMENT_STATUSES,
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
  WebhookSignatureError,
  supportsCreditsCheckout,
  type ChargeRequest,
  type CreditsCheckoutRequest,
  type CreditsCheckoutResult,
  type PaymentProvider,
  type ProviderPayment,
  type WebhookRequest,
} from './payment-provider.ts';
export { SandboxPaymentProvider, boletoLine } from './sandbox-provider.ts';
export { addBusinessDays, endOfSaoPauloDay } from './business-days.ts';
export { PaymentNotification, PaymentNotificationSchema, SandboxPayment, SandboxPaymentSchema } from './payment.entities.ts';
