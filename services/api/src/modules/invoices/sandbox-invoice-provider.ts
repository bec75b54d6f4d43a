/**
 * The sandbox invoicing provider (`INVOICE_PROVIDER=sandbox`, the local default): what
 * `npm start` and the e2e store use instead of a real one, as the sandbox acquirer stands in for
 * Mercado Pago (orders/sandbox-provider.ts). It keeps no state: an invoice is authorised at once,
 * its number derived from the ref (so issuing again gives the same one), series 1, and a
 * well-formed 44-digit access key; its DANFE (a one-page PDF marked 'SEM VALOR FISCAL') and XML
 * are drawn from the stored invoice when downloaded. It is refused in production (config.ts): its invoices have no fiscal value.
 */
import { createHash } from 'node:crypto';
import type { InvoiceDocument, InvoiceProvider, InvoiceRequest, InvoiceState, StoredInvoice } from './invoice-provider.ts';

/** IBGE codes of the states (the access key's first two digits). */
const UF_CODES: Record<string, string> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27',
  SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50', MT: '51', GO: '52', DF: '53',
};

/** The NF-e access key's check digit: modulo 11 with weights 2..9 from the right (0 for 10 and 11). */
export function accessKeyCheckDigit(digits43: string): number {
  let sum = 0;
  [...digits43].reverse().forEach((digit, index) => (sum += Number(digit) * ((index % 8) + 2)));
  const dv = 11 - (sum % 11);
  return dv >= 10 ? 0 : dv;
}

export interface SandboxInvoiceOptions {
  /** The emitter's CNPJ (14 digits) and state. */
  cnpj: string;
  state: string;
  now: () => Date;
}

export class SandboxInvoiceProvider implements InvoiceProvider {
  readonly name = 'sandbox' as const;
  private readonly options: SandboxInvoiceOptions;

  constructor(options: SandboxInvoiceOptions) {
    this.options = options;
  }

  async issue(request: InvoiceRequest): Promise<InvoiceState> {
    return this.authorized(request.ref);
  }

  async status(ref: string): Promise<InvoiceState> {
    return this.authorized(ref);
  }

  async cancel(ref: string): Promise<InvoiceState> {
    return { ...this.authorized(ref), status: 'cancelled' };
  }

  async download(invoice: StoredInvoice, kind: 'danfe' | 'xml'): Promise<InvoiceDocument> {
    const lines = [
      'DANFE - Documento Auxiliar da Nota Fiscal Eletronica',
      'SANDBOX - SEM VALOR FISCAL',
      `NF-e no ${invoice.number ?? '-'} serie ${invoice.series ?? '-'}`,
      `Chave de acesso: ${invoice.accessKey ?? '-'}`,
      `Referencia: ${invoice.ref}`,
    ];
    if (kind === 'danfe') return { contentType: 'application/pdf', body: onePagePdf(lines) };
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${invoice.accessKey ?? ''}" versao="4.00">` +
      `<ide><serie>${invoice.series ?? ''}</serie><nNF>${invoice.number ?? ''}</nNF><tpAmb>2</tpAmb></ide><emit><CNPJ>${this.options.cnpj}</CNPJ></emit>` +
      `</infNFe></NFe><protNFe versao="4.00"><infProt><chNFe>${invoice.accessKey ?? ''}</chNFe><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e (sandbox)</xMotivo></infProt></protNFe></nfeProc>\n`;
    return { contentType: 'application/xml', body: Buffer.from(xml, 'utf8') };
  }

  private authorized(ref: string): InvoiceState {
    const hash = createHash('sha256').update(ref).digest();
    const number = String((hash.readUInt32BE(0) % 999_999_999) + 1);
    const series = '1';
    const now = this.options.now();
    const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const code = String(hash.readUInt32BE(4) % 100_000_000).padStart(8, '0');
    const body = `${UF_CODES[this.options.state.toUpperCase()] ?? '35'}${yymm}${this.options.cnpj}55${series.padStart(3, '0')}${number.padStart(9, '0')}1${code}`;
    const accessKey = `${body}${accessKeyCheckDigit(body)}`;
    return { status: 'authorized', number, series, accessKey, danfePath: `sandbox/${ref}/danfe.pdf`, xmlPath: `sandbox/${ref}/nfe.xml` };
  }
}

/** A one-page PDF (A4, Helvetica) with `lines` of ASCII text. */
function onePagePdf(lines: string[]): Buffer {
  const escapeText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (ch) => `\\${ch}`);
  const content = `BT /F1 12 Tf 50 790 Td 16 TL ${lines.map((line) => `(${escapeText(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
