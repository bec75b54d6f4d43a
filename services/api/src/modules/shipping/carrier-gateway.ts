/**
 * Carrier strategies: what the store asks of a carrier aggregator, whichever one is configured
 * (`CARRIER`): a {@link CarrierGateway} quotes a package's freight by CEP (shipping-quote.service.ts
 * falls back to the store's freight table when it cannot answer), and a {@link LabelGateway} buys
 * labels and reads their tracking. Implementations: Melhor Envio (melhor-envio-gateway.ts) and
 * the sandbox's simulated labels (sandbox-labels.ts).
 */

/** A package as carriers price it. */
export interface Shipment {
  /** Origin and destination CEPs, 8 digits. */
  fromCep: string;
  toCep: string;
  weightGrams: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
  /** Declared value for insurance, BRL cents (the goods' price). */
  insuranceCents: number;
}

/** One service's price and time, as a carrier quotes it (before the store's handling day). */
export interface CarrierQuote {
  /** Stable id the order names the service by, e.g. `melhorenvio-1`. */
  serviceId: string;
  /** The carrier company ('Correios', 'Jadlog', ...). */
  carrier: string;
  /** The service's name ('PAC', 'SEDEX', '.Package'). */
  name: string;
  priceCents: number;
  minDays: number;
  maxDays: number;
}

/** The aggregator did not answer usefully (timeout, network error, 5xx, malformed body). */
export class CarrierUnavailableError extends Error {
  constructor(reason: string) {
    super(`carrier unavailable: ${reason}`);
    this.name = 'CarrierUnavailableError';
  }
}

/** Quotes a shipment with every service that serves its route. */
export interface CarrierGateway {
  /**
   * The services that can carry `shipment` (possibly none).
   * @throws CarrierUnavailableError when the aggregator cannot answer.
   */
  quote(shipment: Shipment): Promise<CarrierQuote[]>;
}

// ---------------------------------------------------------------------------------------------
// Labels and tracking.
// ---------------------------------------------------------------------------------------------

/** A label's sender or recipient, as the carrier prints it. */
export interface LabelParty {
  name: string;
  /** Digits only (DDD + number). */
  phone: string;
  email: string;
  /** CPF (11 digits) or CNPJ (14 digits); null when the store does not know it. */
  document: string | null;
  /** CEP, 8 digits. */
  postalCode: string;
  address: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  /** UF code, e.g. `SP`. */
  stateAbbr: string;
}

/** A label to buy: the service the owner chose, who sends to whom, the package and its contents. */
export interface LabelRequest {
  /** The service as quoted (`melhorenvio-2`; the sandbox accepts any quoted id). */
  serviceId: string;
  from: LabelParty;
  to: LabelParty;
  /** The package (weight, box, declared value). */
  shipment: Shipment;
  /** The goods, for the declaration of contents: name, quantity and unit price in BRL cents. */
  products: { name: string; quantity: number; unitCents: number }[];
  /** The store's reference printed on the label (the order code). */
  reference: string;
}

/** A label the store bought: the carrier's id for it, what it cost and where it prints. */
export interface PurchasedLabel {
  /** The carrier's id of the label (Melhor Envio's order id, a UUID). */
  carrierOrderId: string;
  /** The carrier's protocol (`ORD-20261100001`), shown to the owner; null when none. */
  protocol: string | null;
  /** What the store paid, BRL cents. */
  priceCents: number;
  /** The tracking code, once the carrier assigned one (Correios assign it at generation). */
  trackingCode: string | null;
  /**
   * The printable label (a public link, valid for the carrier's print window); null when the label
   * was paid but generating or printing it failed: {@link LabelGateway.completeLabel} finishes it.
   */
  labelUrl: string | null;
  /**
   * The carrier's status (Melhor Envio's: `pending` in the cart, `released` paid, `generated`,
   * `posted` in transit, `delivered`, `undelivered`, `canceled`, `expired`; pt-BR labels in
   * contracts' CARRIER_STATUS_LABELS).
   */
  status: string;
}

/** A paid label, generated and printed: its link, tracking code and status. */
export interface CompletedLabel {
  labelUrl: string;
  trackingCode: string | null;
  status: string;
}

/** The current tracking of one label. */
export interface CarrierTracking {
  carrierOrderId: string;
  status: string;
  trackingCode: string | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
}

/** The carrier refused a label (no balance, a field it rejects): 4xx with its own message. */
export class LabelRefusedError extends Error {
  readonly carrierMessage: string;

  constructor(carrierMessage: string) {
    super(`label refused: ${carrierMessage}`);
    this.name = 'LabelRefusedError';
    this.carrierMessage = carrierMessage;
  }
}

/** Buys labels and reads their tracking (a carrier aggregator that sells labels). */
export interface LabelGateway {
  /** Short name stored with each shipment (`melhorenvio`, `sandbox`). */
  readonly name: string;
  /**
   * Buys, generates and prints one label: cart, checkout (paid from the account's balance),
   * then {@link completeLabel}. Once paid it never throws: a label whose generation or printing
   * failed comes back with `labelUrl: null` (status `released`), to be completed later.
   * @throws LabelRefusedError when the carrier refuses it (4xx); CarrierUnavailableError when it
   *   does not answer usefully (timeout, network error, 5xx, malformed body) before it is paid.
   */
  buyLabel(request: LabelRequest): Promise<PurchasedLabel>;
  /**
   * Generates and prints a paid label (again: both are repeatable) and reads its tracking.
   * @throws LabelRefusedError, CarrierUnavailableError.
   */
  completeLabel(carrierOrderId: string): Promise<CompletedLabel>;
  /**
   * The tracking of each of `carrierOrderIds` the carrier knows (unknown ids are left out).
   * @throws CarrierUnavailableError.
   */
  track(carrierOrderIds: string[]): Promise<CarrierTracking[]>;
}
