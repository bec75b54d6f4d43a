/**
 * Two-factor code rules (admin.md 5, 9): digits only, exactly 6; anything else is refused with
 * 'Código Inválido' / 'Por favor, insira um código de 6 dígitos.' (the shared schema's message).
 */
import { TOTP_DIGITS, twoFactorCodeSchema } from '@prata/contracts';

/** What the input keeps of what was typed or pasted: its digits, at most 6. */
export function sanitizeTwoFactorCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, TOTP_DIGITS);
}

/** True when the code can be sent (the verify button is enabled). */
export function isCompleteTwoFactorCode(code: string): boolean {
  return twoFactorCodeSchema.safeParse({ code }).success;
}
