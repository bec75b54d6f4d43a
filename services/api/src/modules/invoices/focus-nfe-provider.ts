/**
 * The production {@link InvoiceProvider} of NF-e on Focus NFe's documented
 * API v2 (https://focusnfe.com.br/doc/, section NFe):
 * - `POST {origin}/v2/nfe?ref=<ref>` with the NF-e as JSON: `202 { ref, status:
 *   'processando_autorizacao' }` (authorisation by SEFAZ is asynchronous); a ref already used
 *   answers 422, and the invoice is then read with the query below;
 * - `GET {origin}/v2/nfe/<ref>`: `{ status, status_sefaz, mensagem_sefaz, numero, serie, chave_nfe,
 *   caminho_danfe, caminho_xml_nota_fiscal }` with status `processando_autorizacao`, `autorizado`,
 *   `erro_autorizacao` (SEFAZ refused it), `denegado` or `cancelado`; 404 for an unknown ref;
 * - `DELETE {origin}/v2/nfe/<ref>` with `{ justificativa }` (15 to 255 characters): `{ status:
 *   'cancelado', status_sefaz: '135' }` or `{ status: 'erro_cancelamento', mensagem_sefaz }`;
 * - the files at `{origin}{caminho_danfe}` and `{origin}{caminho_xml_nota_fiscal}`.
 * Authentication: HTTP Basic with the token as the user and an empty password.
 *
 * The NF-e is a consumer sale over the internet (model 55, `presenca_comprador` 2, consumer final),
 * CFOP 5102 inside the emitter's state and 6108 to a consumer in another one, NCM `INVOICE_NCM`
 * (default 7113.11.00, silver jewellery), taxed as Simples Nacional (ICMS CSOSN 102, PIS/COFINS 07);
 * the emitter's other data (name, address, IE) come from the company registered at Focus NFe
 * under `INVOICE_EMITTER_CNPJ`. Settings: `FOCUS_NFE_URL` (default https://api.focusnfe.com.br;
 * https://homologacao.focusnfe.com.br for tests without fiscal value), `FOCUS_NFE_TOKEN`,
 * `INVOICE_TIMEOUT_MS` (docs/operating.md).
 */
import {
  InvoiceProviderRejectedError,
  InvoiceProviderUnavailableError,
  type InvoiceDocument,
  type InvoiceProvider,
  type InvoiceRequest,
  type InvoiceState,
  type StoredInvoice,
} from './invoice-provider.ts';

/** The emitter (the store) as the NF-e names it. */
export interface InvoiceEmitter {
  /** 14 digits. */
  cnpj: string;
  /** Two-letter UF the goods leave from (CFOP and `local_destino`). */
  state: string;
  /** 8-digit NCM of the pieces sold. */
  ncm: string;
}

export interface FocusNfeOptions {
  /** API origin, e.g. https://api.focusnfe.com.br (a local double in tests). */
  origin: string;
  token: string;
  timeoutMs: number;
  emitter: InvoiceEmitter;
}

/**
 * NF-e `tPag` codes: 03 credit card, 05 store credit ('Crédito Loja'), 15 boleto, 17 PIX (dynamic),
 * 99 'Outros' for Mercado Pago's Linha de Crédito (a financing by the intermediary, no code of its
 * own; `xPag`, Focus NFe's `descricao_pagamento`, names it: https://focusnfe.com.br/dsl/4.0/FormaPagamentoXML.html).
 */
const PAYMENT_CODES: Record<InvoiceRequest['paymentMethod'], string> = { 'credit-card': '03', 'store-credit': '05', boleto: '15', pix: '17', 'mercadopago-credits': '99' };
/** `xPag` of the methods sent as 99 'Outros' (2-60 characters). */
const PAYMENT_DESCRIPTIONS: Partial<Record<InvoiceRequest['paymentMethod'], string>> = { 'mercadopago-credits': 'Linha de Crédito Mercado Pago' };

/** The NF-e's payments (`detPag`): the store credit (05) and the rest by its method, each with its value (and `xPag` for 99). */
function paymentForms(request: InvoiceRequest): { forma_pagamento: string; valor_pagamento: number; descricao_pagamento?: string }[] {
  const credit = Math.min(request.storeCreditCents, request.totalCents);
  const rest = request.totalCents - credit;
  const description = PAYMENT_DESCRIPTIONS[request.paymentMethod];
  return [
    ...(credit > 0 ? [{ forma_pagamento: PAYMENT_CODES['store-credit'], valor_pagamento: reais(credit) }] : []),
    ...(rest > 0 || credit === 0 ? [{ forma_pagamento: PAYMENT_CODES[request.paymentMethod], valor_pagamento: reais(rest), ...(description ? { descricao_pagamento: description } : {}) }] : []),
  ];
}

const reais = (cents: number) => Number((cents / 100).toFixed(2));

/** Splits `cents` over `weights` in proportion (largest remainder), so the parts sum to `cents` exactly. */
export function apportion(cents: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (cents === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (cents * weight) / total);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** `2026-11-24T10:00:00-03:00`: the issue date in Brasília time, as SEFAZ expects it. */
function brasiliaIso(date: Date): string {
  return `${new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

/** The Focus NFe JSON of an NF-e for `request` (freight and discount apportioned over the lines). */
export function focusNfeBody(request: InvoiceRequest, emitter: InvoiceEmitter): Record<string, unknown> {
  const inState = request.buyer.state.toUpperCase() === emitter.state.toUpperCase();
  const weights = request.items.map((item) => item.totalCents);
  const freight = apportion(request.shippingCents, weights);
  const discount = apportion(request.discountCents, weights);
  const b = request.buyer;
  return {
    natureza_operacao: 'Venda de mercadoria',
    data_emissao: brasiliaIso(request.issuedAt),
    tipo_documento: 1,
    local_destino: inState ? 1 : 2,
    finalidade_emissao: 1,
    consumidor_final: 1,
    presenca_comprador: 2,
    modalidade_frete: 0,
    cnpj_emitente: emitter.cnpj,
    nome_destinatario: b.name,
    ...(b.cpf ? { cpf_destinatario: b.cpf } : {}),
    indicador_inscricao_estadual_destinatario: 9,
    email_destinatario: b.email,
    telefone_destinatario: b.phone.replace(/\D/g, ''),
    logradouro_destinatario: b.street,
    numero_destinatario: b.number,
    ...(b.complement ? { complemento_destinatario: b.complement } : {}),
    bairro_destinatario: b.neighborhood,
    municipio_destinatario: b.city,
    uf_destinatario: b.state.toUpperCase(),
    cep_destinatario: b.zipCode.replace(/\D/g, ''),
    pais_destinatario: 'Brasil',
    valor_produtos: reais(weights.reduce((sum, cents) => sum + cents, 0)),
    valor_frete: reais(request.shippingCents),
    valor_desconto: reais(request.discountCents),
    valor_total: reais(request.totalCents),
    items: request.items.map((item, index) => ({
      numero_item: index + 1,
      codigo_produto: item.code,
      descricao: item.description,
      cfop: inState ? '5102' : '6108',
      codigo_ncm: emitter.ncm,
      unidade_comercial: 'UN',
      quantidade_comercial: item.quantity,
      valor_unitario_comercial: reais(item.unitCents),
      valor_bruto: reais(item.totalCents),
      unidade_tributavel: 'UN',
      quantidade_tributavel: item.quantity,
      valor_unitario_tributavel: reais(item.unitCents),
      ...(freight[index] ? { valor_frete: reais(freight[index]) } : {}),
      ...(discount[index] ? { valor_desconto: reais(discount[index]) } : {}),
      inclui_no_total: 1,
      icms_origem: 0,
      icms_situacao_tributaria: '102',
      pis_situacao_tributaria: '07',
      cofins_situacao_tributaria: '07',
    })),
    formas_pagamento: paymentForms(request),
  };
}

interface FocusAnswer {
  status?: string;
  status_sefaz?: string;
  mensagem_sefaz?: string;
  numero?: string | number;
  serie?: string | number;
  chave_nfe?: string;
  caminho_danfe?: string;
  caminho_xml_nota_fiscal?: string;
  codigo?: string;
  mensagem?: string;
}

/** Maps Focus NFe's answer of an invoice to an {@link InvoiceState}. */
function toState(answer: FocusAnswer): InvoiceState {
  const text = (value: string | number | undefined) => (value === undefined || value === null ? null : String(value));
  const message = answer.mensagem_sefaz ?? answer.mensagem ?? null;
  switch (answer.status) {
    case 'autorizado':
      return {
        status: 'authorized',
        number: text(answer.numero),
        series: text(answer.serie),
        accessKey: answer.chave_nfe ? answer.chave_nfe.replace(/\D/g, '') : null,
        danfePath: answer.caminho_danfe ?? null,
        xmlPath: answer.caminho_xml_nota_fiscal ?? null,
      };
    case 'cancelado':
      return { status: 'cancelled', number: text(answer.numero), series: text(answer.serie), accessKey: answer.chave_nfe ? answer.chave_nfe.replace(/\D/g, '') : null };
    case 'erro_autorizacao':
    case 'denegado':
      return { status: 'rejected', message: message ?? answer.status };
    case 'processando_autorizacao':
      return { status: 'processing' };
    default:
      throw new InvoiceProviderUnavailableError(`unexpected status ${String(answer.status)}`);
  }
}

export class FocusNfeProvider implements InvoiceProvider {
  readonly name = 'focusnfe' as const;
  private readonly options: FocusNfeOptions;
  private readonly origin: string;

  constructor(options: FocusNfeOptions) {
    this.options = options;
    this.origin = options.origin.replace(/\/$/, '');
  }

  async issue(request: InvoiceRequest): Promise<InvoiceState> {
    const response = await this.call('POST', `/v2/nfe?ref=${encodeURIComponent(request.ref)}`, focusNfeBody(request, this.options.emitter));
    // A ref already sent (a retry after a lost answer): read where it stands.
    if (response.status === 422) {
      const existing = await this.status(request.ref);
      if (existing.status !== 'not_found') return existing;
    }
    const answer = await this.answer(response);
    return answer.status ? toState(answer) : { status: 'processing' };
  }

  async status(ref: string): Promise<InvoiceState> {
    const response = await this.call('GET', `/v2/nfe/${encodeURIComponent(ref)}?completa=0`);
    if (response.status === 404) return { status: 'not_found' };
    return toState(await this.answer(response));
  }

  async cancel(ref: string, justification: string): Promise<InvoiceState> {
    const response = await this.call('DELETE', `/v2/nfe/${encodeURIComponent(ref)}`, { justificativa: justification });
    if (response.status === 404) return { status: 'not_found' };
    const answer = await this.answer(response);
    if (answer.status === 'cancelado') return toState(answer);
    throw new InvoiceProviderRejectedError(response.status, answer.mensagem_sefaz ?? answer.mensagem ?? `cancelamento recusado (${String(answer.status)})`);
  }

  async download(invoice: StoredInvoice, kind: 'danfe' | 'xml'): Promise<InvoiceDocument> {
    const file = kind === 'danfe' ? invoice.danfePath : invoice.xmlPath;
    if (!file) throw new InvoiceProviderRejectedError(404, 'invoice has no such file');
    const url = new URL(file, `${this.origin}/`);
    // The token goes only to Focus NFe's own origin.
    const headers: Record<string, string> = url.origin === new URL(this.origin).origin ? { authorization: this.authorization() } : {};
    const response = await this.fetch(url, { method: 'GET', headers });
    if (!response.ok) await this.answer(response);
    return { contentType: kind === 'danfe' ? 'application/pdf' : 'application/xml', body: Buffer.from(await response.arrayBuffer()) };
  }

  private authorization(): string {
    return `Basic ${Buffer.from(`${this.options.token}:`).toString('base64')}`;
  }

  private call(method: string, path: string, body?: unknown): Promise<Response> {
    return this.fetch(new URL(`${this.origin}${path}`), {
      method,
      headers: { accept: 'application/json', authorization: this.authorization(), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  private async fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new InvoiceProviderUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }

  /** The JSON of a 2xx answer. @throws InvoiceProviderUnavailableError (5xx, 429, not JSON), InvoiceProviderRejectedError (other 4xx). */
  private async answer(response: Response): Promise<FocusAnswer> {
    const body = (await response.json().catch(() => null)) as FocusAnswer | null;
    if (response.status >= 500 || response.status === 429) throw new InvoiceProviderUnavailableError(`status ${response.status}`);
    if (!response.ok) throw new InvoiceProviderRejectedError(response.status, body?.mensagem ?? `status ${response.status}`);
    if (!body || typeof body !== 'object') throw new InvoiceProviderUnavailableError('unexpected answer');
    return body;
  }
}
