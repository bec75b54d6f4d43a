/**
 * PIX "copia e cola" BR Code (Banco Central do Brasil, Manual de Padrões para Iniciação do Pix;
 * EMV QR Code Merchant-Presented Mode). A payload is a list of ID-length-value fields:
 *   00 payload format "01" | 01 point of initiation "12" (single use) |
 *   26 merchant account: 00 GUI "br.gov.bcb.pix", 01 PIX key |
 *   52 MCC "0000" | 53 currency "986" (BRL) | 54 amount "123.45" | 58 country "BR" |
 *   59 merchant name (<= 25) | 60 merchant city (<= 15) | 62 additional data: 05 txid (<= 25) |
 *   63 CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF; `crc` library) over the payload up to "6304".
 */
import { crc16ccitt } from 'crc';
import { centsToDecimal } from '@prata/contracts';

export interface PixPayloadInput {
  /** The store's PIX key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Amount in BRL cents. */
  amountCents: number;
  /** Transaction id, A-Z a-z 0-9, at most 25 characters. */
  txid: string;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`PIX field ${id} longer than 99 characters`);
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

/** Letters without accents, upper case, printable ASCII (names and cities in a BR Code). */
function plain(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, '')
    .toUpperCase()
    .slice(0, max);
}

/** CRC16-CCITT-FALSE of `data` as 4 upper-case hex digits. */
export function pixCrc(data: string): string {
  return crc16ccitt(data).toString(16).toUpperCase().padStart(4, '0');
}

/** Builds the "copia e cola" payload. @throws Error for an invalid txid or amount. */
export function buildPixPayload(input: PixPayloadInput): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new Error('PIX txid must be 1-25 letters or digits');
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new Error('PIX amount must be positive cents');
  const body = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', centsToDecimal(input.amountCents)),
    field('58', 'BR'),
    field('59', plain(input.merchantName, 25)),
    field('60', plain(input.merchantCity, 15)),
    field('62', field('05', input.txid)),
  ].join('');
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + pixCrc(withCrcHeader);
}
