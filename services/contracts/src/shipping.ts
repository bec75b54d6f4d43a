/**
 * Shipping contracts: the address a CEP lookup answers
 * (`GET /api/cep/:cep`), shared by the service and the forms that fill an address from its CEP
 * (checkout, saved addresses).
 */
import { z } from 'zod';
import { optionalReaisInputSchema, reaisInputSchema } from './money-input.ts';
import { DEFAULT_INSTALLMENT_RULES, MAX_INSTALLMENTS } from './installments.ts';
import { giftWrapSettingSchema } from './gifts.ts';
import { BRAZILIAN_STATES, type BrazilianState } from './orders.ts';

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

/** Brazil's five regions (IBGE), by which the freight table prices a delivery. */
export const SHIPPING_REGIONS = ['N', 'NE', 'CO', 'SE', 'S'] as const;
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number];
/** Each region's name, as the panel shows it. */
export const SHIPPING_REGION_NAMES: Readonly<Record<ShippingRegion, string>> = { N: 'Norte', NE: 'Nordeste', CO: 'Centro-Oeste', SE: 'Sudeste', S: 'Sul' };
/** The IBGE region of each UF. */
export const REGION_OF_STATE: Readonly<Record<BrazilianState, ShippingRegion>> = {
  AC: 'N', AM: 'N', AP: 'N', PA: 'N', RO: 'N', RR: 'N', TO: 'N',
  AL: 'NE', BA: 'NE', CE: 'NE', MA: 'NE', PB: 'NE', PE: 'NE', PI: 'NE', RN: 'NE', SE: 'NE',
  DF: 'CO', GO: 'CO', MS: 'CO', MT: 'CO',
  ES: 'SE', MG: 'SE', RJ: 'SE', SP: 'SE',
  PR: 'S', RS: 'S', SC: 'S',
};

/** One line of the cart a freight quote is for (the server prices and weighs it itself). */
export const shippingQuoteItemSchema = z.object({
  productId: z.uuid({ error: 'Produto inválido' }),
  variantId: z.uuid({ error: 'Variante inválida' }).nullish().transform((value) => value ?? null),
  quantity: z.number({ error: 'Quantidade inválida' }).int('Quantidade inválida').min(1, 'Quantidade inválida').max(99, 'Quantidade inválida'),
});

/** Body of `POST /api/shipping/quotes`: the destination CEP and the cart's lines. */
export const shippingQuoteRequestSchema = z.object({
  zipCode: cepLookupParamsSchema.shape.cep,
  items: z.array(shippingQuoteItemSchema).min(1, 'Carrinho vazio').max(50, 'Carrinho muito grande'),
});
export type ShippingQuoteRequest = z.input<typeof shippingQuoteRequestSchema>;

/**
 * One delivery option: the carrier service (`serviceId` as the order names it, e.g. `correios-pac`),
 * its price in BRL cents (0 when free shipping applies) and the delivery time in business days
 * (the carrier's time plus the store's handling day).
 */
export const shippingOptionSchema = z.object({
  serviceId: z.string(),
  carrier: z.string(),
  name: z.string(),
  priceCents: z.number().int().nonnegative(),
  minDays: z.number().int().nonnegative(),
  maxDays: z.number().int().nonnegative(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** "3 a 7 dias úteis" for a min/max pair (checkout's delivery estimates, the admin's label options). */
export function businessDaysText({ minDays, maxDays }: { minDays: number; maxDays: number }): string {
  return `${minDays} a ${maxDays} dias úteis`;
}

/**
 * The answer of `POST /api/shipping/quotes`: the options, cheapest first; `source` is `carrier`
 * when the carrier aggregator priced them, `table` when it did not answer in time and the store's
 * freight table by region did (the shopper is told); `freeShipping` names the threshold when it
 * applies to this region.
 */
export const shippingQuoteSchema = z.object({
  zipCode: z.string(),
  state: z.enum(BRAZILIAN_STATES),
  region: z.enum(SHIPPING_REGIONS),
  source: z.enum(['carrier', 'table']),
  options: z.array(shippingOptionSchema),
  freeShippingThresholdCents: z.number().int().positive().nullable(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;

/** Shown with quotes priced by the store's table because the carrier did not answer. */
export const FREIGHT_TABLE_NOTICE = 'Frete estimado pela tabela da loja: a transportadora não respondeu a tempo.';

/**
 * Free shipping, `GET`/`PUT /api/admin/settings/free-shipping`: goods (BRL cents) from
 * `thresholdCents` ship free by the cheapest option, in `regions` (null: all of Brazil); a null
 * threshold turns it off.
 */
export const freeShippingSettingSchema = z.object({
  thresholdCents: z.number({ error: 'Valor inválido' }).int('Valor inválido').positive('O valor mínimo deve ser maior que zero').max(100_000_00, 'Valor muito alto').nullable(),
  regions: z.array(z.enum(SHIPPING_REGIONS, { error: 'Região inválida' })).min(1, 'Escolha ao menos uma região').nullable(),
});
export type FreeShippingSetting = z.infer<typeof freeShippingSettingSchema>;

/** The services the store's freight table prices. */
export const FREIGHT_TABLE_SERVICES = ['PAC', 'SEDEX'] as const;

const days = z.number({ error: 'Prazo inválido' }).int('Prazo inválido').min(0, 'Prazo inválido').max(60, 'Prazo inválido');
const cents = z.number({ error: 'Valor inválido' }).int('Valor inválido').min(0, 'Valor inválido').max(10_000_00, 'Valor muito alto');

/**
 * One row of the store's freight table: for a region and service, the price of a
 * package up to 1 kg and of each further kilogram (BRL cents), and the carrier's time in business
 * days (the store's handling day is added to quotes).
 */
export const freightRateSchema = z
  .object({ region: z.enum(SHIPPING_REGIONS), service: z.enum(FREIGHT_TABLE_SERVICES), baseCents: cents, perExtraKgCents: cents, minDays: days, maxDays: days })
  .refine((rate) => rate.minDays <= rate.maxDays, { message: 'O prazo mínimo não pode passar do máximo', path: ['maxDays'] });
export type FreightRateRow = z.infer<typeof freightRateSchema>;

/** `GET`/`PUT /api/admin/shipping/freight-rates`: the whole table, one row per region and service. */
export const freightTableSchema = z
  .array(freightRateSchema)
  .refine(
    (rows) => rows.length === SHIPPING_REGIONS.length * FREIGHT_TABLE_SERVICES.length && new Set(rows.map((row) => `${row.region}/${row.service}`)).size === rows.length,
    'A tabela precisa de uma linha por região e serviço',
  );

/** A number of business days as typed. */
const daysTyped = z.string().trim().regex(/^\d{1,2}$/, 'Prazo inválido').transform(Number);

/** The panel's free-shipping form as typed: the threshold in reais (empty: off) and the regions checked. */
export const freeShippingFormSchema = z
  .object({
    threshold: optionalReaisInputSchema,
    regions: z.array(z.enum(SHIPPING_REGIONS)).min(1, 'Escolha ao menos uma região'),
  })
  .transform(({ threshold, regions }) => ({ thresholdCents: threshold, regions: regions.length === SHIPPING_REGIONS.length ? null : regions }))
  .pipe(freeShippingSettingSchema);

/** The panel's freight table form as typed: per row, reais for the prices and whole days. */
export const freightTableFormSchema = z
  .object({
    rows: z.array(
      z
        .object({ region: z.enum(SHIPPING_REGIONS), service: z.enum(FREIGHT_TABLE_SERVICES), base: reaisInputSchema, perKg: reaisInputSchema, minDays: daysTyped, maxDays: daysTyped })
        .refine((row) => row.minDays <= row.maxDays, { message: 'O prazo mínimo não pode passar do máximo', path: ['maxDays'] }),
    ),
  })
  .transform(({ rows }) => rows.map(({ region, service, base, perKg, minDays, maxDays }) => ({ region, service, baseCents: base, perExtraKgCents: perKg, minDays, maxDays })))
  .pipe(freightTableSchema);

/** The largest PIX discount the panel accepts, in percent. */
export const PIX_DISCOUNT_MAX_PERCENT = 30;

/** `GET`/`PUT /api/admin/settings/pix-discount`: the discount for paying by PIX, whole percent (0: none). */
export const pixDiscountSettingSchema = z.object({
  percent: z
    .number({ error: 'Informe a porcentagem' })
    .int('Informe uma porcentagem inteira')
    .min(0, 'A porcentagem não pode ser negativa')
    .max(PIX_DISCOUNT_MAX_PERCENT, `O desconto no PIX deve ser de no máximo ${PIX_DISCOUNT_MAX_PERCENT}%`),
});
export type PixDiscountSetting = z.infer<typeof pixDiscountSettingSchema>;

/** The panel's PIX discount form as typed. */
export const pixDiscountFormSchema = z.object({
  percent: z.string().trim().regex(/^\d{1,2}$/, 'Informe uma porcentagem inteira').transform(Number).pipe(pixDiscountSettingSchema.shape.percent),
});

/** The panel's gift wrap form as typed (contracts gifts.ts): offered, and the price in reais ('9,90'). */
export const giftWrapFormSchema = z.object({
  enabled: z.boolean(),
  priceCents: reaisInputSchema.pipe(giftWrapSettingSchema.shape.priceCents),
});

/** The highest monthly interest the panel accepts for card instalments, in percent. */
export const INSTALLMENT_INTEREST_MAX_PERCENT = 10;

const INSTALLMENT_COUNT_MESSAGE = `O número de parcelas deve ser de 1 a ${MAX_INSTALLMENTS}`;
const instalmentCount = z.number({ error: 'Informe o número de parcelas' }).int(INSTALLMENT_COUNT_MESSAGE).min(1, INSTALLMENT_COUNT_MESSAGE).max(MAX_INSTALLMENTS, INSTALLMENT_COUNT_MESSAGE);

/** The card instalment rules as the storefront reads them (contracts installments.ts `InstallmentRules`). */
export const installmentRulesSchema = z.object({
  maxInstallments: instalmentCount,
  minInstallmentCents: z.number({ error: 'Informe a parcela mínima' }).int('Informe a parcela mínima em centavos').min(0, 'A parcela mínima não pode ser negativa').max(100_000, 'A parcela mínima deve ser de no máximo R$ 1.000,00'),
  interestFreeInstallments: instalmentCount,
  monthlyInterestPercent: z
    .number({ error: 'Informe a taxa de juros' })
    .min(0, 'A taxa de juros não pode ser negativa')
    .max(INSTALLMENT_INTEREST_MAX_PERCENT, `A taxa de juros deve ser de no máximo ${INSTALLMENT_INTEREST_MAX_PERCENT}% ao mês`)
    .refine((percent) => Math.abs(Math.round(percent * 100) - percent * 100) < 1e-6, 'Informe a taxa com até duas casas decimais'),
});

/**
 * `GET`/`PUT /api/admin/settings/installments`: the card instalment rules the owner sets on the
 * sales page: the interest-free instalments may not pass the maximum, and plans above them need
 * a rate.
 */
export const installmentSettingsSchema = installmentRulesSchema
  .refine((rules) => rules.interestFreeInstallments <= rules.maxInstallments, { message: 'As parcelas sem juros não podem passar do máximo de parcelas', path: ['interestFreeInstallments'] })
  .refine((rules) => rules.interestFreeInstallments >= rules.maxInstallments || rules.monthlyInterestPercent > 0, { message: 'Informe a taxa de juros das parcelas com juros', path: ['monthlyInterestPercent'] });
export type InstallmentSettings = z.infer<typeof installmentSettingsSchema>;

const countInput = z.string().trim().regex(/^\d{1,2}$/, INSTALLMENT_COUNT_MESSAGE).transform(Number);

/** The panel's instalment form as typed: counts, the minimum in reais ('5,00', under the field name of its cents), the rate in percent ('2,99'). */
export const installmentSettingsFormSchema = z
  .object({
    maxInstallments: countInput,
    minInstallmentCents: reaisInputSchema,
    interestFreeInstallments: countInput,
    monthlyInterestPercent: z.string().trim().regex(/^\d{1,2}([.,]\d{1,2})?$/, 'Informe a taxa em porcentagem, ex.: 2,99').transform((typed) => Number(typed.replace(',', '.'))),
  })
  .pipe(installmentSettingsSchema);

/**
 * The store's public offers, `GET /api/store-offers`: the PIX discount in percent,
 * the card instalment rules and free shipping (threshold in BRL cents, null: none; regions, null: all of Brazil). Cards, the
 * product page, the cart and checkout show them; the service applies them itself.
 */
export const storeOffersSchema = z.object({
  pixDiscountPercent: z.number().int().min(0).max(PIX_DISCOUNT_MAX_PERCENT),
  freeShippingThresholdCents: z.number().int().positive().nullable(),
  freeShippingRegions: z.array(z.enum(SHIPPING_REGIONS)).nullable(),
  /** The card instalment rules (an older service without them: today's defaults). */
  installments: installmentRulesSchema.default(DEFAULT_INSTALLMENT_RULES),
  /** The gift wrap at checkout (an older service without it: none offered). */
  giftWrap: giftWrapSettingSchema.default({ enabled: false, priceCents: 0 }),
});
export type StoreOffers = z.infer<typeof storeOffersSchema>;

// ---------------------------------------------------------------------------------------------
// Labels and tracking: the admin order page buys a label through
// the carrier aggregator; the carrier's webhook and a polling job keep its tracking.
// ---------------------------------------------------------------------------------------------

/** The carrier's status of a label, in pt-BR (Melhor Envio's order statuses; others show as they come). */
export const CARRIER_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Aguardando pagamento',
  released: 'Paga',
  generated: 'Etiqueta gerada',
  posted: 'Postado',
  delivered: 'Entregue',
  undelivered: 'Não entregue',
  canceled: 'Cancelada',
  expired: 'Expirada',
};

/** The label bought for an order (`shipments` row), as the staff see it. */
export const orderShipmentSchema = z.object({
  /** Who sold the label: `melhorenvio` or `sandbox`. */
  provider: z.string(),
  /** The carrier's id of the label and its protocol. */
  carrierOrderId: z.string(),
  protocol: z.string().nullable(),
  serviceId: z.string(),
  /** The carrier company and its service ('Correios', 'SEDEX'). */
  carrier: z.string(),
  serviceName: z.string(),
  /** What the store paid for the label, BRL cents. */
  priceCents: z.number().int(),
  trackingCode: z.string().nullable(),
  /** The printable label ('Imprimir etiqueta'); null while the carrier has not generated it yet. */
  labelUrl: z.string().nullable(),
  /** The carrier's last status (see CARRIER_STATUS_LABELS). */
  carrierStatus: z.string(),
  lastCheckedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** `GET /api/admin/orders/:id/shipment`: whether labels can be bought here (`CARRIER`), and the order's label. */
export const orderShipmentStateSchema = z.object({
  /** False with `CARRIER=table`: the owner enters carrier and tracking code by hand ('Marcar como enviado'). */
  labelsAvailable: z.boolean(),
  shipment: orderShipmentSchema.nullable(),
});
export type OrderShipmentState = z.infer<typeof orderShipmentStateSchema>;

/** `GET /api/admin/orders/:id/label-options`: a fresh quote for the order's CEP and items, and the service the shopper paid for (when still offered). */
export const labelOptionsSchema = z.object({
  options: z.array(shippingOptionSchema),
  source: z.enum(['carrier', 'table']),
  preselectedServiceId: z.string().nullable(),
});
export type LabelOptions = z.infer<typeof labelOptionsSchema>;

/** `POST /api/admin/orders/:id/label` ('Comprar etiqueta'): the service chosen among the label options. */
export const buyLabelSchema = z.object({
  serviceId: z.string({ error: 'Escolha o serviço de frete' }).trim().min(1, 'Escolha o serviço de frete').max(60, 'Serviço inválido'),
});
export type BuyLabelInput = z.infer<typeof buyLabelSchema>;
