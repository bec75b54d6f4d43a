/**
 * Melhor Envio, the production carrier aggregator (carrier-gateway.ts's strategies), on its
 * documented API v2 (https://docs.menv.io). Quotes by CEP:
 * `POST {origin}/api/v2/me/shipment/calculate` with `Authorization: Bearer <token>` and the
 * `User-Agent` Melhor Envio requires (`Aplicação (contato técnico)`), body
 * `{ from: { postal_code }, to: { postal_code }, package: { height, width, length (cm), weight (kg) },
 * options: { insurance_value (BRL), receipt, own_hand } }`, answering one entry per service:
 * `{ id, name, price: '23.74', custom_price, delivery_time, delivery_range: { min, max },
 * custom_delivery_range, company: { name } }`, or `{ id, name, error: '...' }` for a service that
 * does not serve the route.
 *
 * Settings: `CARRIER` (`table`, the default: only the store's freight table; `melhorenvio`),
 * `MELHOR_ENVIO_TOKEN` (required with `melhorenvio`), `MELHOR_ENVIO_URL` (default
 * https://melhorenvio.com.br; https://sandbox.melhorenvio.com.br for tests with Melhor Envio's
 * sandbox; a local double in ours), `MELHOR_ENVIO_USER_AGENT`, `CARRIER_TIMEOUT_MS` (default 2000:
 * past it the quote comes from the freight table).
 */
import { decimalToCents } from '@prata/contracts';
import { z } from 'zod';
import { CarrierUnavailableError, LabelRefusedError, type CarrierGateway, type CarrierQuote, type CarrierTracking, type CompletedLabel, type LabelGateway, type LabelParty, type LabelRequest, type PurchasedLabel, type Shipment } from './carrier-gateway.ts';

const melhorEnvioQuoteSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    error: z.string().optional(),
    price: z.union([z.string(), z.number()]).optional(),
    custom_price: z.union([z.string(), z.number()]).optional(),
    delivery_time: z.number().int().optional(),
    delivery_range: z.object({ min: z.number().int(), max: z.number().int() }).optional(),
    custom_delivery_range: z.object({ min: z.number().int(), max: z.number().int() }).optional(),
    company: z.object({ name: z.string() }).optional(),
  }),
);

const meCartSchema = z.object({ id: z.string().min(1), protocol: z.string().nullish(), price: z.union([z.string(), z.number()]).nullish() });
const meCheckoutSchema = z.object({ purchase: z.object({ id: z.string(), status: z.string().optional() }) });
const mePrintSchema = z.object({ url: z.url() });
const meTrackingEntrySchema = z.object({
  id: z.string(),
  status: z.string(),
  tracking: z.string().nullish(),
  posted_at: z.string().nullish(),
  delivered_at: z.string().nullish(),
});
const meTrackingSchema = z.record(z.string(), meTrackingEntrySchema);
const meErrorSchema = z.object({ message: z.string().optional(), error: z.string().optional(), errors: z.record(z.string(), z.array(z.string())).optional() });

/** Melhor Envio's dates (`2026-11-29 14:03:11`, São Paulo time, or ISO 8601) as instants; null when absent or unreadable. */
export function melhorEnvioDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}-03:00` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The numeric service id of a `melhorenvio-<n>` quote, or null. */
function melhorEnvioServiceNumber(serviceId: string): number | null {
  const match = /^melhorenvio-(\d+)$/.exec(serviceId);
  return match ? Number(match[1]) : null;
}

function meParty(party: LabelParty): Record<string, unknown> {
  const document = party.document?.replace(/\D/g, '') ?? '';
  return {
    name: party.name,
    phone: party.phone,
    email: party.email,
    ...(document.length === 14 ? { company_document: document } : document ? { document } : {}),
    address: party.address,
    number: party.number,
    ...(party.complement ? { complement: party.complement } : {}),
    district: party.district,
    city: party.city,
    state_abbr: party.stateAbbr,
    country_id: 'BR',
    postal_code: party.postalCode,
  };
}

export interface MelhorEnvioOptions {
  /** API origin, e.g. https://melhorenvio.com.br (a local double in tests). */
  origin: string;
  token: string;
  userAgent: string;
  /** Timeout of a quote, ms (past it the freight table answers). */
  timeoutMs: number;
  /** Timeout of each call of a label purchase or a tracking read, ms (default 10 000). */
  labelTimeoutMs?: number;
}

/**
 * {@link CarrierGateway} on Melhor Envio's `POST /api/v2/me/shipment/calculate`, and
 * {@link LabelGateway} on its label API (all `POST`, `Authorization: Bearer`, JSON):
 * `/api/v2/me/cart` (`{ service, from, to, products, volumes, options }` -> `{ id, protocol, price }`),
 * `/api/v2/me/shipment/checkout` (`{ orders: [id] }` -> `{ purchase: { id, status } }`, paid from
 * the account's balance), `/api/v2/me/shipment/generate` (`{ orders: [id] }`),
 * `/api/v2/me/shipment/print` (`{ mode: 'public', orders: [id] }` -> `{ url }`) and
 * `/api/v2/me/shipment/tracking` (`{ orders: [ids] }` -> `{ [id]: { id, status, tracking,
 * posted_at, delivered_at, ... } }`). Once checkout paid a label, a failure to generate or print
 * it does not lose it: the label comes back without its link and is completed later. A 4xx answer is a refusal with Melhor Envio's message
 * ({@link LabelRefusedError}: no balance, a field it rejects); a timeout, network error, 5xx or
 * an unexpected body is {@link CarrierUnavailableError}.
 */
export class MelhorEnvioGateway implements CarrierGateway, LabelGateway {
  readonly name = 'melhorenvio';
  private readonly options: MelhorEnvioOptions;

  constructor(options: MelhorEnvioOptions) {
    this.options = options;
  }

  async quote(shipment: Shipment): Promise<CarrierQuote[]> {
    let response: Response;
    try {
      response = await fetch(`${this.options.origin.replace(/\/$/, '')}/api/v2/me/shipment/calculate`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.options.token}`, 'user-agent': this.options.userAgent },
        body: JSON.stringify({
          from: { postal_code: shipment.fromCep },
          to: { postal_code: shipment.toCep },
          package: { height: shipment.heightCm, width: shipment.widthCm, length: shipment.lengthCm, weight: shipment.weightGrams / 1000 },
          options: { insurance_value: shipment.insuranceCents / 100, receipt: false, own_hand: false },
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new CarrierUnavailableError(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new CarrierUnavailableError(`status ${response.status}`);
    const parsed = melhorEnvioQuoteSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CarrierUnavailableError('unexpected answer');
    return parsed.data.flatMap((service) => {
      const price = service.custom_price ?? service.price;
      const range = service.custom_delivery_range ?? service.delivery_range ?? (service.delivery_time !== undefined ? { min: service.delivery_time, max: service.delivery_time } : undefined);
      if (service.error || price === undefined || !range) return [];
      return [{ serviceId: `melhorenvio-${service.id}`, carrier: service.company?.name ?? 'Transportadora', name: service.name, priceCents: decimalToCents(price), minDays: range.min, maxDays: range.max }];
    });
  }

  async buyLabel(request: LabelRequest): Promise<PurchasedLabel> {
    const service = melhorEnvioServiceNumber(request.serviceId);
    if (service === null) throw new LabelRefusedError(`serviço ${request.serviceId} não é do Melhor Envio`);
    const { shipment } = request;
    const cart = await this.call('/api/v2/me/cart', meCartSchema, {
      service,
      from: meParty(request.from),
      to: meParty(request.to),
      products: request.products.map((product) => ({ name: product.name, quantity: product.quantity, unitary_value: product.unitCents / 100 })),
      volumes: [{ height: shipment.heightCm, width: shipment.widthCm, length: shipment.lengthCm, weight: shipment.weightGrams / 1000 }],
      options: { insurance_value: shipment.insuranceCents / 100, receipt: false, own_hand: false, reverse: false, non_commercial: true, platform: 'Prata 925', tags: [{ tag: request.reference }] },
    });
    await this.call('/api/v2/me/shipment/checkout', meCheckoutSchema, { orders: [cart.id] });
    const paid = { carrierOrderId: cart.id, protocol: cart.protocol ?? null, priceCents: cart.price != null ? decimalToCents(cart.price) : 0 };
    try {
      return { ...paid, ...(await this.completeLabel(cart.id)) };
    } catch {
      // Paid: the store has the label whatever happens next; the tracking job completes it.
      return { ...paid, trackingCode: null, labelUrl: null, status: 'released' };
    }
  }

  async completeLabel(carrierOrderId: string): Promise<CompletedLabel> {
    const orders = [carrierOrderId];
    await this.call('/api/v2/me/shipment/generate', z.unknown(), { orders });
    const print = await this.call('/api/v2/me/shipment/print', mePrintSchema, { mode: 'public', orders });
    const [tracking] = await this.track(orders);
    return { labelUrl: print.url, trackingCode: tracking?.trackingCode ?? null, status: tracking?.status ?? 'generated' };
  }

  async track(carrierOrderIds: string[]): Promise<CarrierTracking[]> {
    if (carrierOrderIds.length === 0) return [];
    const answer = await this.call('/api/v2/me/shipment/tracking', meTrackingSchema, { orders: carrierOrderIds });
    return Object.values(answer).map((entry) => ({
      carrierOrderId: entry.id,
      status: entry.status,
      trackingCode: entry.tracking || null,
      postedAt: melhorEnvioDate(entry.posted_at),
      deliveredAt: melhorEnvioDate(entry.delivered_at),
    }));
  }

  /** One call of the label API: the parsed answer. @throws LabelRefusedError (4xx), CarrierUnavailableError. */
  private async call<T>(path: string, schema: z.ZodType<T>, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.origin.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.options.token}`, 'user-agent': this.options.userAgent },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.labelTimeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new CarrierUnavailableError(error instanceof Error ? error.message : String(error));
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.status >= 400 && response.status < 500) {
      const refusal = meErrorSchema.safeParse(json);
      const detail = refusal.success ? (refusal.data.errors ? Object.values(refusal.data.errors).flat()[0] : undefined) ?? refusal.data.error ?? refusal.data.message : undefined;
      throw new LabelRefusedError(detail ?? `status ${response.status}`);
    }
    if (!response.ok) throw new CarrierUnavailableError(`status ${response.status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CarrierUnavailableError(`unexpected answer from ${path}`);
    return parsed.data;
  }
}
