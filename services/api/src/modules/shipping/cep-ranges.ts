/**
 * The UF of a CEP from Correios' published CEP ranges per state ("Faixas de CEP por UF"): a CEP's
 * first five digits fall in exactly one state's ranges. The freight quote uses it to find the
 * destination's region without calling any service (a lookup that is down must not stop a quote).
 */
import type { BrazilianState } from '@prata/contracts';

/** Inclusive ranges of the first five CEP digits, per UF (Correios). */
const CEP_RANGES: readonly [BrazilianState, number, number][] = [
  ['SP', 1000, 19999], ['RJ', 20000, 28999], ['ES', 29000, 29999], ['MG', 30000, 39999],
  ['BA', 40000, 48999], ['SE', 49000, 49999], ['PE', 50000, 56999], ['AL', 57000, 57999],
  ['PB', 58000, 58999], ['RN', 59000, 59999], ['CE', 60000, 63999], ['PI', 64000, 64999],
  ['MA', 65000, 65999], ['PA', 66000, 68899], ['AP', 68900, 68999], ['AM', 69000, 69299],
  ['RR', 69300, 69399], ['AM', 69400, 69899], ['AC', 69900, 69999], ['DF', 70000, 72799],
  ['GO', 72800, 72999], ['DF', 73000, 73699], ['GO', 73700, 76799], ['RO', 76800, 76999],
  ['TO', 77000, 77999], ['MT', 78000, 78899], ['MS', 79000, 79999], ['PR', 80000, 87999],
  ['SC', 88000, 89999], ['RS', 90000, 99999],
];

/** The UF of `cep` (8 digits, hyphen optional), or null when no state's range holds it. */
export function stateOfCep(cep: string): BrazilianState | null {
  const digits = cep.replace(/\D/g, '');
  if (digits.length !== 8) return null;
  const prefix = Number(digits.slice(0, 5));
  return CEP_RANGES.find(([, from, to]) => prefix >= from && prefix <= to)?.[0] ?? null;
}
