/**
 * A local HTTP double of Melhor Envio's documented freight quote (API v2,
 * `POST /api/v2/me/shipment/calculate` with `Authorization: Bearer <token>` and a `User-Agent`;
 * body `{ from: { postal_code }, to: { postal_code }, package: { height, width, length, weight },
 * options: { insurance_value, receipt, own_hand } }`; answer: one entry per service, priced
 * `{ id, name, price: '23.74', custom_price, delivery_time, delivery_range: { min, max },
 * custom_delivery_range, company: { id, name } }` or `{ id, name, error }` when the service does not
 * serve the route). Its prices follow {@link melhorEnvioDoublePrice}, so tests know them
 * independently of the adapter. A real HTTP server on 127.0.0.1; requests are recorded.
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

export class MelhorEnvioDouble extends HttpDouble {
  readonly token = MELHOR_ENVIO_DOUBLE_TOKEN;
  readonly requests: DoubleShipmentRequest[] = [];

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => this.json(res, status, body);
    if (req.method !== 'POST' || req.url !== '/api/v2/me/shipment/calculate') return json(404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${this.token}`) return json(401, { message: 'Unauthenticated.' });
    if (!req.headers['user-agent']) return json(400, { message: 'User-Agent obrigatório' });
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
