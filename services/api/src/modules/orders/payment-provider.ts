/**
 * Payment acquirer strategy (issue 5; Vendure habit: an interface with a Default*
 * implementation chosen in configuration).
 *
 * `PAYMENT_PROVIDER=sandbox` (the only built-in, and the default) is `SandboxPaymentProvider`:
 * it waits the spec's 2 s (`PAYMENT_SANDBOX_DELAY_MS`), approves cards except the
 * well-known decline test number 4000 0000 0000 0002, and issues PIX and boleto data a real
 * acquirer would return. A real acquirer is a new class implementing `PaymentProvider`,
 * selected by `PAYMENT_PROVIDER`. Card numbers reach the provider only; the store keeps brand
 * and last 4 digits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { addBusinessDays, format } from 'date-fns';
import { BOLETO_BUSINESS_DAYS, PIX_EXPIRY_MS } from '@prata/contracts';
import { buildPixPayload } from './pix.ts';

export interface CardAuthorization {
  approved: boolean;
  /** Acquirer reference of the authorization. */
  reference: string;
}

export interface PixCharge {
  payload: string;
  txid: string;
  expiresAt: Date;
}

export interface BoletoCharge {
  /** Linha digitável, 47 digits formatted. */
  line: string;
  dueDate: Date;
}

export interface PaymentProvider {
  readonly name: string;
  authorizeCard(input: { orderNumber: string; amountCents: number; cardNumber: string; installments: number }): Promise<CardAuthorization>;
  createPix(input: { orderNumber: string; amountCents: number; now: Date }): Promise<PixCharge>;
  createBoleto(input: { orderNumber: string; amountCents: number; now: Date }): Promise<BoletoCharge>;
}

/** Card number the sandbox declines (the usual acquirers' test number for a declined card). */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

export interface SandboxOptions {
  delayMs: number;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly options: SandboxOptions;

  constructor(options: SandboxOptions) {
    this.options = options;
  }

  async authorizeCard(input: { orderNumber: string; cardNumber: string }): Promise<CardAuthorization> {
    await sleep(this.options.delayMs);
    return { approved: input.cardNumber !== SANDBOX_DECLINED_CARD, reference: `SANDBOX-${input.orderNumber}` };
  }

  async createPix(input: { orderNumber: string; amountCents: number; now: Date }): Promise<PixCharge> {
    await sleep(this.options.delayMs);
    const txid = input.orderNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, 25);
    return {
      txid,
      payload: buildPixPayload({ key: this.options.pixKey, merchantName: this.options.merchantName, merchantCity: this.options.merchantCity, amountCents: input.amountCents, txid }),
      expiresAt: new Date(input.now.getTime() + PIX_EXPIRY_MS),
    };
  }

  async createBoleto(input: { orderNumber: string; amountCents: number; now: Date }): Promise<BoletoCharge> {
    await sleep(this.options.delayMs);
    const dueDate = addBusinessDays(input.now, BOLETO_BUSINESS_DAYS);
    return { dueDate, line: boletoLine(input.orderNumber, input.amountCents, dueDate) };
  }
}

/** Modulo 10 check digit (FEBRABAN fields 1-3). */
function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const product = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 general check digit of the bar code (weights 2..9). */
function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * ((i % 8) + 2)));
  const dv = 11 - (sum % 11);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/**
 * A FEBRABAN-shaped linha digitável for the sandbox bank "000": due-date factor (days since
 * 1997-10-07, 4 digits), amount (10 digits), a free field from the order number, and valid
 * check digits, so any validator accepts its shape.
 */
export function boletoLine(orderNumber: string, amountCents: number, dueDate: Date): string {
  const base = Date.UTC(1997, 9, 7);
  const due = Date.UTC(dueDate.getUTCFullYear(), dueDate.getUTCMonth(), dueDate.getUTCDate());
  const factor = (Math.round((due - base) / 86_400_000) % 9000 || 1000).toString().padStart(4, '0');
  const amount = amountCents.toString().padStart(10, '0').slice(-10);
  const free = orderNumber.replace(/\D/g, '').padStart(25, '0').slice(-25);
  const bankCurrency = '0009';
  const barcodeWithoutDv = bankCurrency + factor + amount + free;
  const dv = mod11(barcodeWithoutDv);
  const f1 = bankCurrency + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}

/** ISO date (yyyy-MM-dd) of a boleto due date. */
export function isoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
