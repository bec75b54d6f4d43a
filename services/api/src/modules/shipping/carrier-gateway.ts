/**
 * Carrier aggregator (issue 23 "quotes by CEP"): a strategy interface and its production
 * implementation on Melhor Envio's documented API v2 (https://docs.menv.io):
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

export interface MelhorEnvioOptions {
  /** API origin, e.g. https://melhorenvio.com.br (a local double in tests). */
  origin: string;
  token: string;
  userAgent: string;
  timeoutMs: number;
}

/** {@link CarrierGateway} on Melhor Envio's `POST /api/v2/me/shipment/calculate`. */
export class MelhorEnvioGateway implements CarrierGateway {
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
}
