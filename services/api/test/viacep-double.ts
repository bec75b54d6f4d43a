/**
 * A local HTTP double of ViaCEP's documented API (https://viacep.com.br/ : `GET /ws/{cep}/json/`
 * answers `{ cep: '01310-100', logradouro, complemento, unidade, bairro, localidade, uf, estado,
 * regiao, ibge, gia, ddd, siafi }` for a known CEP, `{ "erro": "true" }` (200) for a well-formed
 * unknown one, and 400 for a malformed one). A real HTTP server on 127.0.0.1; tests switch it to slow
 * or failing answers to exercise the lookup's timeout and 5xx paths. Requests are recorded.
 */
import type http from 'node:http';
import { HttpDouble } from './http-double.ts';

/** The CEPs the double knows (as ViaCEP answers them). */
export const VIACEP_DOUBLE_ADDRESSES: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string; estado: string; regiao: string }> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', estado: 'São Paulo', regiao: 'Sudeste' },
  '69005010': { logradouro: 'Rua Marechal Deodoro', bairro: 'Centro', localidade: 'Manaus', uf: 'AM', estado: 'Amazonas', regiao: 'Norte' },
  '78175000': { logradouro: '', bairro: '', localidade: 'Poconé', uf: 'MT', estado: 'Mato Grosso', regiao: 'Centro-Oeste' },
};

export class ViaCepDouble extends HttpDouble {
  /** Paths requested, in order. */
  readonly requests: string[] = [];
  /** Answer unknown CEPs with the older boolean marker `{ erro: true }` instead of `"true"`. */
  booleanErro = false;

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = req.url ?? '';
    this.requests.push(path);
    const json = (status: number, body: unknown) => this.json(res, status, body);
    if (this.failWith) return json(this.failWith, { message: 'indisponível' });
    const match = /^\/ws\/([^/]+)\/json\/?$/.exec(path);
    if (!match) return json(404, {});
    const cep = decodeURIComponent(match[1]!);
    if (!/^\d{8}$/.test(cep)) return json(400, {});
    const known = VIACEP_DOUBLE_ADDRESSES[cep];
    if (!known) return json(200, { erro: this.booleanErro ? true : 'true' });
    json(200, { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', unidade: '', ibge: '0000000', gia: '', ddd: '00', siafi: '0000', ...known });
  }
}
