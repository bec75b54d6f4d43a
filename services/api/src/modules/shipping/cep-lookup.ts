/**
 * CEP lookup (the address is filled from the CEP): a strategy interface and its
 * production implementation on ViaCEP's documented API (https://viacep.com.br, `GET /ws/{cep}/json/`
 * answers `{ cep, logradouro, complemento, bairro, localidade, uf, ... }`, or `{ erro: true }`
 * (older deployments: `"erro": "true"`) for a well-formed CEP that does not exist).
 *
 * Setting: `CEP_LOOKUP_URL` (default `https://viacep.com.br`; any ViaCEP-compatible origin, a local
 * double in tests; `off` turns lookups off) and `CEP_LOOKUP_TIMEOUT_MS` (default 2000). A lookup that
 * does not answer in time, or answers 5xx or garbage, throws {@link CepLookupUnavailableError}: the
 * forms then stay fillable by hand (they never block on the lookup).
 */
import { BRAZILIAN_STATES, maskCep, type CepAddress } from '@prata/contracts';
import { z } from 'zod';

/** The lookup did not answer usefully (timeout, network error, 5xx, malformed body, or turned off). */
export class CepLookupUnavailableError extends Error {
  constructor(reason: string) {
    super(`CEP lookup unavailable: ${reason}`);
    this.name = 'CepLookupUnavailableError';
  }
}

/** Finds the address of a CEP. */
export interface CepLookup {
  /**
   * The address of `cep` (8 digits, no hyphen), or null when the CEP does not exist.
   * @throws CepLookupUnavailableError when the lookup cannot answer.
   */
  lookup(cep: string): Promise<CepAddress | null>;
}

/** ViaCEP's answer for an existing CEP (the fields we use), or its not-found marker. */
const viaCepAnswerSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    cep: z.string(),
    logradouro: z.string().default(''),
    bairro: z.string().default(''),
    localidade: z.string().min(1),
    uf: z.enum(BRAZILIAN_STATES),
  }),
]);

/** {@link CepLookup} on ViaCEP's `GET {origin}/ws/{cep}/json/`. */
export class ViaCepLookup implements CepLookup {
  private readonly options: { origin: string; timeoutMs: number };

  constructor(options: { origin: string; timeoutMs: number }) {
    this.options = options;
  }

  async lookup(cep: string): Promise<CepAddress | null> {
    let response: Response;
    try {
      response = await fetch(`${this.options.origin.replace(/\/$/, '')}/ws/${encodeURIComponent(cep)}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new CepLookupUnavailableError(error instanceof Error ? error.message : String(error));
    }
    // ViaCEP answers 400 for a malformed CEP; our route validates first, so a 400 means "no such CEP".
    if (response.status === 400 || response.status === 404) return null;
    if (!response.ok) throw new CepLookupUnavailableError(`status ${response.status}`);
    const parsed = viaCepAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CepLookupUnavailableError('unexpected answer');
    const answer = parsed.data;
    if ('erro' in answer) return null;
    return { zipCode: maskCep(answer.cep), street: answer.logradouro, neighborhood: answer.bairro, city: answer.localidade, state: answer.uf };
  }
}

/** The lookup when `CEP_LOOKUP_URL=off`: every call is unavailable, so forms are filled by hand. */
export class DisabledCepLookup implements CepLookup {
  async lookup(): Promise<CepAddress | null> {
    throw new CepLookupUnavailableError('turned off (CEP_LOOKUP_URL=off)');
  }
}

/** The configured lookup: ViaCEP-compatible at `origin`, or the disabled one for `null`. */
export function createCepLookup(config: { origin: string | null; timeoutMs: number }): CepLookup {
  return config.origin ? new ViaCepLookup({ origin: config.origin, timeoutMs: config.timeoutMs }) : new DisabledCepLookup();
}
