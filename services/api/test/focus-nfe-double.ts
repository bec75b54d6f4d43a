/**
 * A local HTTP double of Focus NFe's documented API v2 for NF-e (https://focusnfe.com.br/doc/):
 * HTTP Basic with the token as the user;
 * - `POST /v2/nfe?ref=<ref>` with the NF-e JSON: 202 `{ cnpj_emitente, ref, status:
 *   'processando_autorizacao' }`; 400 `{ codigo: 'requisicao_invalida', mensagem }` without
 *   `cnpj_emitente` or items; 422 `{ codigo: 'already_processed' }` for a ref already sent (unless
 *   SEFAZ refused it: it may be sent again);
 * - `GET /v2/nfe/<ref>`: `processando_autorizacao` for the first `pollsBeforeDecision` queries, then
 *   `autorizado` with `numero` (from 1001 up, in order of authorisation), `serie` '1', `chave_nfe`
 *   ('NFe' + 44 digits), `caminho_danfe` and `caminho_xml_nota_fiscal`, or `erro_autorizacao` with
 *   `status_sefaz` and `mensagem_sefaz` when `rejectWith` is set; 404 `{ codigo: 'nao_encontrado' }`;
 * - `DELETE /v2/nfe/<ref>` `{ justificativa }` (15 to 255 characters, else 400): `{ status: 'cancelado',
 *   status_sefaz: '135', mensagem_sefaz }` for an authorised one, `erro_cancelamento` otherwise;
 * - the DANFE and XML at their paths (PDF and XML bodies the tests know: {@link danfeBytes}).
 * Requests are recorded; `failWith` / `delayMs` (HttpDouble) simulate an outage.
 */
import type http from 'node:http';
import { HttpDouble } from './http-double.ts';

export interface DoubleInvoice {
  ref: string;
  body: Record<string, unknown>;
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';
  polls: number;
  numero?: string;
  chave?: string;
  justificativa?: string;
  mensagem?: string;
}

/** The DANFE the double serves for an access key. */
export const danfeBytes = (chave: string) => Buffer.from(`%PDF-1.4\n% DANFE double ${chave}\n%%EOF\n`, 'latin1');
/** The XML the double serves for an access key. */
export const xmlText = (chave: string) => `<?xml version="1.0" encoding="UTF-8"?><nfeProc><chNFe>${chave}</chNFe></nfeProc>`;

export class FocusNfeDouble extends HttpDouble {
  readonly token = 'double-focus-nfe-token-0123456789';
  readonly invoices = new Map<string, DoubleInvoice>();
  readonly requests: { method: string; url: string; authorization: string | undefined }[] = [];
  /** Status queries answered `processando_autorizacao` before the decision. */
  pollsBeforeDecision = 0;
  /** SEFAZ's refusal for new decisions, or null to authorise. */
  rejectWith: string | null = null;
  private nextNumber = 1001;

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => this.json(res, status, body);
    const url = new URL(req.url ?? '/', 'http://double');
    this.requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${this.token}:`).toString('base64')}`) return json(401, { codigo: 'nao_autorizado', mensagem: 'Token de acesso inválido' });
    if (this.failWith) return json(this.failWith, { codigo: 'erro_interno', mensagem: 'Erro interno' });
    const text = Buffer.concat(chunks).toString('utf8');

    const file = /^\/arquivos_development\/(\d{44})(-nfe\.xml|\.pdf)$/.exec(url.pathname);
    if (req.method === 'GET' && file) {
      const known = [...this.invoices.values()].some((invoice) => invoice.chave === file[1]);
      if (!known) return json(404, { codigo: 'nao_encontrado', mensagem: 'Arquivo não encontrado' });
      const pdf = file[2] === '.pdf';
      res.writeHead(200, { 'content-type': pdf ? 'application/pdf' : 'application/xml' });
      res.end(pdf ? danfeBytes(file[1]!) : xmlText(file[1]!));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/v2/nfe') {
      const ref = url.searchParams.get('ref');
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      if (!ref || !body.cnpj_emitente || !Array.isArray(body.items) || body.items.length === 0) return json(400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetros inválidos' });
      // A ref SEFAZ refused may be sent again (corrected); any other known ref is refused.
      if (this.invoices.has(ref) && this.invoices.get(ref)!.status !== 'erro_autorizacao') return json(422, { codigo: 'already_processed', mensagem: 'Nota fiscal já enviada com esta referência' });
      this.invoices.set(ref, { ref, body, status: 'processando_autorizacao', polls: 0 });
      return json(202, { cnpj_emitente: body.cnpj_emitente, ref, status: 'processando_autorizacao' });
    }
    const ref = /^\/v2\/nfe\/([^/]+)$/.exec(url.pathname)?.[1];
    const invoice = ref ? this.invoices.get(decodeURIComponent(ref)) : undefined;
    if (!ref) return json(404, { codigo: 'nao_encontrado', mensagem: 'Rota não encontrada' });
    if (!invoice) return json(404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
    if (req.method === 'GET') {
      if (invoice.status === 'processando_autorizacao') {
        invoice.polls += 1;
        if (invoice.polls > this.pollsBeforeDecision) this.decide(invoice);
      }
      return json(200, this.view(invoice));
    }
    if (req.method === 'DELETE') {
      const justificativa = (JSON.parse(text || '{}') as { justificativa?: string }).justificativa ?? '';
      if (justificativa.length < 15 || justificativa.length > 255) return json(400, { codigo: 'requisicao_invalida', mensagem: 'Justificativa deve ter de 15 a 255 caracteres' });
      if (invoice.status !== 'autorizado') return json(200, { status: 'erro_cancelamento', status_sefaz: '565', mensagem_sefaz: 'Rejeição: Falha no schema XML do lote de NFe' });
      invoice.status = 'cancelado';
      invoice.justificativa = justificativa;
      return json(200, { status: 'cancelado', status_sefaz: '135', mensagem_sefaz: 'Evento registrado e vinculado a NF-e', caminho_xml_cancelamento: `/arquivos_development/${invoice.chave}-can.xml` });
    }
    return json(405, { codigo: 'metodo_nao_permitido', mensagem: 'Método não permitido' });
  }

  private decide(invoice: DoubleInvoice): void {
    if (this.rejectWith) {
      invoice.status = 'erro_autorizacao';
      invoice.mensagem = this.rejectWith;
      return;
    }
    invoice.status = 'autorizado';
    invoice.numero = String(this.nextNumber++);
    invoice.chave = `3526111122233300018155001${invoice.numero.padStart(9, '0')}1123456780`.slice(0, 44);
  }

  private view(invoice: DoubleInvoice): Record<string, unknown> {
    const base = { cnpj_emitente: invoice.body.cnpj_emitente, ref: invoice.ref, status: invoice.status };
    if (invoice.status === 'processando_autorizacao') return base;
    if (invoice.status === 'erro_autorizacao') return { ...base, status_sefaz: '225', mensagem_sefaz: invoice.mensagem };
    return {
      ...base,
      status_sefaz: invoice.status === 'cancelado' ? '135' : '100',
      mensagem_sefaz: invoice.status === 'cancelado' ? 'Cancelamento de NF-e homologado' : 'Autorizado o uso da NF-e',
      numero: invoice.numero,
      serie: '1',
      chave_nfe: `NFe${invoice.chave}`,
      caminho_xml_nota_fiscal: `/arquivos_development/${invoice.chave}-nfe.xml`,
      caminho_danfe: `/arquivos_development/${invoice.chave}.pdf`,
    };
  }
}
