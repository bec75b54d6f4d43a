/**
 * The invoicing provider of NF-e: a strategy interface, chosen by
 * `INVOICE_PROVIDER` (config.ts): `sandbox` (sandbox-invoice-provider.ts: authorises at once, for
 * `npm start` and the e2e store), `focusnfe` (focus-nfe-provider.ts: Focus NFe's API v2), or `off`
 * (no invoices are requested).
 *
 * Every call is idempotent by `ref` (the order's id): issuing twice gives the same invoice.
 * Errors: {@link InvoiceProviderUnavailableError} when the provider cannot answer (network,
 * timeout, 5xx, 429: the job retries with backoff), {@link InvoiceProviderRejectedError} when it
 * refuses the request itself (4xx: retrying the same request does not help; staff must look).
 */

/** One line of the NF-e: a piece sold. Money in BRL cents. */
export interface InvoiceItem {
  /** The store's product code (SKU, else the product id). */
  code: string;
  /** 'Anel Solitário — Aro 18'. */
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** What an NF-e is issued from: the paid order, as the service stores it. */
export interface InvoiceRequest {
  /** The provider's reference (the order's id). */
  ref: string;
  orderNumber: string;
  /** When the order was paid (the NF-e's issue date). */
  issuedAt: Date;
  buyer: {
    name: string;
    email: string;
    phone: string;
    /** 11 digits, when the store knows it (orders do not keep one yet). */
    cpf: string | null;
    zipCode: string;
    street: string;
    number: string;
    complement: string | null;
    neighborhood: string;
    city: string;
    /** Two-letter UF. */
    state: string;
  };
  items: InvoiceItem[];
  /** Freight charged, cents. */
  shippingCents: number;
  /** Discounts given (coupon, PIX), cents. */
  discountCents: number;
  /** What the buyer paid: items + shipping - discount, cents. */
  totalCents: number;
  /** How the part not paid with store credit was paid ('store-credit': the credit paid it all). */
  paymentMethod: 'credit-card' | 'pix' | 'boleto' | 'store-credit' | 'mercadopago-credits';
  /** The part of the total paid with the shopper's store credit, cents. */
  storeCreditCents: number;
}

/** Where an invoice stands at the provider. */
export interface InvoiceState {
  status: 'processing' | 'authorized' | 'rejected' | 'cancelled' | 'not_found';
  number?: string | null;
  series?: string | null;
  accessKey?: string | null;
  /** Provider paths (or URLs) of the DANFE PDF and the XML. */
  danfePath?: string | null;
  xmlPath?: string | null;
  /** SEFAZ's or the provider's message (refusals). */
  message?: string | null;
}

/** What a download needs of a stored invoice. */
export interface StoredInvoice {
  ref: string;
  number: string | null;
  series: string | null;
  accessKey: string | null;
  danfePath: string | null;
  xmlPath: string | null;
}

export interface InvoiceDocument {
  contentType: string;
  body: Buffer;
}

export interface InvoiceProvider {
  readonly name: 'sandbox' | 'focusnfe';
  /** Requests the NF-e of `request.ref` (again: same invoice). @throws InvoiceProviderUnavailableError, InvoiceProviderRejectedError. */
  issue(request: InvoiceRequest): Promise<InvoiceState>;
  /** Where the invoice of `ref` stands. @throws InvoiceProviderUnavailableError, InvoiceProviderRejectedError. */
  status(ref: string): Promise<InvoiceState>;
  /** Cancels the authorised invoice of `ref`; `justification` 15-255 characters (SEFAZ). @throws as above. */
  cancel(ref: string, justification: string): Promise<InvoiceState>;
  /** The DANFE (PDF) or the XML of an authorised invoice. @throws as above. */
  download(invoice: StoredInvoice, kind: 'danfe' | 'xml'): Promise<InvoiceDocument>;
}

/** The provider could not answer (network error, timeout, 5xx, 429): try again later. */
export class InvoiceProviderUnavailableError extends Error {
  constructor(reason: string) {
    super(`invoice provider unavailable: ${reason}`);
    this.name = 'InvoiceProviderUnavailableError';
  }
}

/** The provider refused the request itself (4xx): retrying it unchanged does not help. */
export class InvoiceProviderRejectedError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'InvoiceProviderRejectedError';
    this.status = status;
  }
}

/** The cancellation reason sent with a refunded order's invoice (SEFAZ: 15 to 255 characters). */
export const REFUND_JUSTIFICATION = 'Venda cancelada a pedido, valor devolvido ao comprador';
