/**
 * Shipping contracts (issue 23 "Sell to all of Brazil"): the address a CEP lookup answers
 * (`GET /api/cep/:cep`), shared by the service and the forms that fill an address from its CEP
 * (checkout, saved addresses).
 */
import { z } from 'zod';
import { BRAZILIAN_STATES } from './orders.ts';

/** Path parameter of `GET /api/cep/:cep`: eight digits, the hyphen optional (`01310-100`). */
export const cepLookupParamsSchema = z.object({
  cep: z
    .string()
    .trim()
    .regex(/^\d{5}-?\d{3}$/, 'CEP inválido. Use o formato 00000-000')
    .transform((value) => value.replace('-', '')),
});

/**
 * The address of a CEP as `GET /api/cep/:cep` answers it: the CEP masked `00000-000`, and the
 * street and neighbourhood (empty for a city-wide CEP, as many small towns have), the city and
 * the UF code. Shaped after ViaCEP's `logradouro`, `bairro`, `localidade`, `uf`.
 */
export const cepAddressSchema = z.object({
  zipCode: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.enum(BRAZILIAN_STATES),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** 404 of `GET /api/cep/:cep`: the CEP exists in no lookup. */
export const CEP_NOT_FOUND_MESSAGE = 'CEP não encontrado. Confira o número ou preencha o endereço.';
/** 503 of `GET /api/cep/:cep`: the lookup did not answer in time; the form stays fillable by hand. */
export const CEP_LOOKUP_UNAVAILABLE_MESSAGE = 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.';
