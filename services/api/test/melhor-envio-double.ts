/**
 * A local HTTP double of Melhor Envio's documented freight quote (API v2,
 * `POST /api/v2/me/shipment/calculate` with `Authorization: Bearer <token>` and a `User-Agent`;
 * body `{ from: { postal_code }, to: { postal_code }, package: { height, width, length, weight },
 * options: { insurance_value, receipt, own_hand } }`; answer: one entry per service, priced
 * `{ id, name, price: '23.74', custom_price, delivery_time, delivery_range: { min, max },
 * custom_delivery_range, company: { id, name } }` or `{ id, name, error }` when the service does not
 * serve the route). Its prices follow {@link melhorEnvioDoublePrice}, so tests know them
 * independently of the adapter. A real HTTP server on 127.0.0.1; requests are recorded.
 *
 * Labels, Melhor Envio's documented label API v2, all `POST`:
 * `/api/v2/me/cart` (validated like Melhor Envio: sender document and addresses required, 422
 * `{ message, errors: { field: [text] } }` otherwise; answers `{ id, protocol, price, status:
 * 'pending' }`, priced like the quote), `/api/v2/me/shipment/checkout` (`{ orders }`, paid from
 * `balanceCents`; 422 `{ error }` when it is short), `/api/v2/me/shipment/generate` (assigns the
 * Correios code `QB<9 digits>BR`), `/api/v2/me/shipment/print` (`{ mode, orders }` -> `{ url }`)
 * and `/api/v2/me/shipment/tracking` (`{ orders }` -> `{ [id]: { id, protocol, status, tracking,
 * posted_at, delivered_at } }`). Tests move a label along with {@link MelhorEnvioDouble.setStatus}.
 */
import type http from 'node:http';
import { HttpDouble } from './http-double.ts';

export interface DoubleShipmentRequest {
  headers: http.IncomingHttpHeaders;
  body: { from: { postal_code: string }; to: { postal_code: string }; package: { height: number; width: number; length: number; weight: number }; options: { insurance_value: number } };
}

/** The services the double offers: id, company, name, base price (BRL), price per kg, days. */
const SERVICES = [
  { id: 1, company: 'Correios', name: 'PAC', base: 18.5, perKg: 6, days: [4, 7] },
  { id: 2, company: 'Correios', name: 'SEDEX', base: 27.9, perKg: 11, days: [1, 3] },
  { id: 3, company: 'Jadlog', name: '.Package', base: 21.3, perKg: 7.5, days: [3, 6] },
] as const;

/** The double's price in BRL cents for a service id, a package weight in kg and a destination CEP (North: +40 %). */
export function melhorEnvioDoublePrice(serviceId: 1 | 2 | 3, weightKg: number, toCep: string): number {
  const service = SERVICES.find((candidate) => candidate.id === serviceId)!;
  const north = toCep.startsWith('6');
  return Math.round((service.base + service.perKg * weightKg) * (north ? 1.4 : 1) * 100);
}

/** The token the double accepts (the e2e store is configured with it). */
export const MELHOR_ENVIO_DOUBLE_TOKEN = 'double-melhor-envio-token-0123456789';

/** A label in the double's account. */
export interface DoubleLabel {
  id: string;
  protocol: string;
  service: number;
  priceCents: number;
  status: string;
  tracking: string | null;
  postedAt: string | null;
  deliveredAt: string | null;
  body: Record<string, unknown>;
}

export class MelhorEnvioDouble extends HttpDouble {
  readonly token = MELHOR_ENVIO_DOUBLE_TOKEN;
  readonly requests: DoubleShipmentRequest[] = [];
  /** Every call of the label API, in order: path and body. */
  readonly labelRequests: { path: string; body: Record<string, unknown> }[] = [];
  /** The account's labels by id. */
  readonly labels = new Map<string, DoubleLabel>();
  /** A label API path answering 500 (e.g. generate failing after checkout paid), or null. */
  failPath: string | null = null;
  /** The account's balance, BRL cents (checkout pays from it). */
  balanceCents = 100_000;
  private sequence = 0;

  /** Moves a label to `status` (`posted`, `delivered`, ...), stamping its date as Melhor Envio does (`YYYY-MM-DD hh:mm:ss`, São Paulo). */
  setStatus(id: string, status: string, at = '2026-11-30 10:15:00'): void {
    const label = this.labels.get(id)!;
    label.status = status;
    if (status === 'posted') label.postedAt = at;
    if (status === 'delivered') label.deliveredAt = at;
  }

  private handleLabels(path: string, body: Record<string, unknown>, res: http.ServerResponse): void {
    const json = (status: number, answer: unknown) => this.json(res, status, answer);
    this.labelRequests.push({ path, body });
    if (path === this.failPath) return json(500, { message: 'Server Error' });
    const ids = (body.orders as string[] | undefined) ?? [];
    const unknown = ids.find((id) => !this.labels.has(id));
    switch (path) {
      case '/api/v2/me/cart': {
        const from = (body.from ?? {}) as Record<string, string>;
        const to = (body.to ?? {}) as Record<string, string>;
        const errors: Record<string, string[]> = {};
        if (!from.document && !from.company_document) errors['from.document'] = ['O campo from.document é obrigatório quando from.company document não está presente.'];
        for (const field of ['address', 'city', 'postal_code', 'state_abbr'] as const) {
          if (!from[field]) errors[`from.${field}`] = [`O campo from.${field} é obrigatório.`];
          if (!to[field]) errors[`to.${field}`] = [`O campo to.${field} é obrigatório.`];
        }
        if (Object.keys(errors).length > 0) return json(422, { message: 'The given data was invalid.', errors });
        const service = body.service as 1 | 2 | 3;
        const volume = (body.volumes as { weight: number }[])[0]!;
        this.sequence += 1;
        const id = `9a${String(this.sequence).padStart(6, '0')}-0000-4000-8000-000000000000`;
        const priceCents = melhorEnvioDoublePrice(service, volume.weight, to.postal_code!);
        const label: DoubleLabel = { id, protocol: `ORD-2026110${String(this.sequence).padStart(5, '0')}`, service, priceCents, status: 'pending', tracking: null, postedAt: null, deliveredAt: null, body };
        this.labels.set(id, label);
        return json(201, { id, protocol: label.protocol, service_id: service, price: (priceCents / 100).toFixed(2), status: 'pending' });
      }
      case '/api/v2/me/shipment/checkout': {
        if (unknown || ids.length === 0) return json(422, { error: 'Envio não encontrado no carrinho.' });
        const total = ids.reduce((sum, id) => sum + this.labels.get(id)!.priceCents, 0);
        if (total > this.balanceCents) return json(422, { error: 'Você não possui saldo suficiente para finalizar a compra.' });
        this.balanceCents -= total;
        for (const id of ids) this.labels.get(id)!.status = 'released';
        return json(200, { purchase: { id: `purchase-${this.sequence}`, protocol: `PUR-${this.sequence}`, total: total / 100, status: 'paid', orders: ids.map((id) => ({ id })) } });
      }
      case '/api/v2/me/shipment/generate': {
        if (unknown) return json(422, { error: 'Envio não encontrado.' });
        const answer: Record<string, { status: boolean; message: string }> = {};
        for (const id of ids) {
          const label = this.labels.get(id)!;
          if (label.status !== 'released') {
            answer[id] = { status: false, message: 'Envio não está pago.' };
            continue;
          }
          label.status = 'generated';
          label.tracking = `QB${String(100_000_000 + this.sequence)}BR`;
          answer[id] = { status: true, message: 'Envio gerado com sucesso' };
        }
        return json(200, answer);
      }
      case '/api/v2/me/shipment/print': {
        if (unknown) return json(422, { error: 'Envio não encontrado.' });
        return json(200, { url: `${this.url}/imprimir/${ids.join(',')}?mode=${String(body.mode)}` });
      }
      case '/api/v2/me/shipment/tracking': {
        const answer: Record<string, unknown> = {};
        for (const id of ids) {
          const label = this.labels.get(id);
          if (!label) continue;
          answer[id] = { id, protocol: label.protocol, status: label.status, tracking: label.tracking, melhorenvio_tracking: `ME${label.protocol}`, created_at: '2026-11-29 09:00:00', paid_at: '2026-11-29 09:00:01', generated_at: '2026-11-29 09:00:02', posted_at: label.postedAt, delivered_at: label.deliveredAt, canceled_at: null, expired_at: null };
        }
        return json(200, answer);
      }
      default:
        return json(404, { message: 'Not found' });
    }
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => this.json(res, status, body);
    if (req.method !== 'POST' || !req.url?.startsWith('/api/v2/me/')) return json(404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${this.token}`) return json(401, { message: 'Unauthenticated.' });
    if (!req.headers['user-agent']) return json(400, { message: 'User-Agent obrigatório' });
    if (req.url !== '/api/v2/me/shipment/calculate') {
      if (this.failWith) return json(this.failWith, { message: 'Server Error' });
      return this.handleLabels(req.url, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>, res);
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as DoubleShipmentRequest['body'];
    this.requests.push({ headers: req.headers, body });
    if (this.failWith) return json(this.failWith, { message: 'Server Error' });
    const toCep = body.to.postal_code;
    json(200, [
      ...SERVICES.map((service) => {
        const price = (melhorEnvioDoublePrice(service.id, body.package.weight, toCep) / 100).toFixed(2);
        const range = { min: service.days[0], max: service.days[1] };
        return { id: service.id, name: service.name, price, custom_price: price, discount: '0.00', currency: 'R$', delivery_time: range.max, delivery_range: range, custom_delivery_time: range.max, custom_delivery_range: range, company: { id: service.id, name: service.company } };
      }),
      { id: 17, name: 'Mini Envios', error: 'Serviço indisponível para o trecho.', company: { id: 1, name: 'Correios' } },
    ]);
  }
}
