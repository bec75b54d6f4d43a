/**
 * Two-factor code rules (admin.md 5, 9): digits only, exactly 6 (the input keeps digits only:
 * shared-ui's `CodeField`); anything else is refused with
 * 'Código Inválido' / 'Por favor, insira um código de 6 dígitos.' (the shared schema's message).
 */
import { twoFactorCodeSchema } from '@prata/contracts';

/** True when the code can be sent (the verify button is enabled). */
export function isCompleteTwoFactorCode(code: string): boolean {
  return twoFactorCodeSchema.safeParse({ code }).success;
}
