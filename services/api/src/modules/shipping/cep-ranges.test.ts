/** The UF of a CEP from Correios' ranges, checked on a CEP of each of the 27 capitals. */
import { describe, expect, it } from 'vitest';
import { BRAZILIAN_STATES } from '@prata/contracts';
import { stateOfCep } from './cep-ranges.ts';

/** A central CEP of each state's capital (Correios). */
const CAPITALS: Record<string, string> = {
  '69900-000': 'AC', '57020-000': 'AL', '68900-000': 'AP', '69005-010': 'AM', '40010-000': 'BA', '60010-000': 'CE',
  '70040-010': 'DF', '29010-000': 'ES', '74000-000': 'GO', '65010-000': 'MA', '78005-000': 'MT', '79002-000': 'MS',
  '30130-010': 'MG', '66010-000': 'PA', '58010-000': 'PB', '80010-000': 'PR', '50010-000': 'PE', '64000-000': 'PI',
  '20040-020': 'RJ', '59010-000': 'RN', '90010-000': 'RS', '76801-000': 'RO', '69301-000': 'RR', '88010-000': 'SC',
  '01310-100': 'SP', '49010-000': 'SE', '77001-000': 'TO',
};

describe('stateOfCep', () => {
  it('finds the state of a CEP in each of the 27 capitals', () => {
    expect(Object.values(CAPITALS).sort()).toEqual([...BRAZILIAN_STATES].sort());
    for (const [cep, state] of Object.entries(CAPITALS)) expect([cep, stateOfCep(cep)]).toEqual([cep, state]);
  });

  it('takes the digits with or without the hyphen and refuses what is no CEP', () => {
    expect(stateOfCep('01310100')).toBe('SP');
    expect(stateOfCep('00000-000')).toBeNull();
    expect(stateOfCep('0131010')).toBeNull();
  });
});
