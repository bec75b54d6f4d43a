import { describe, expect, it } from 'vitest';
import { isCompleteTwoFactorCode } from './two-factor-code.ts';

describe('two-factor code rules', () => {
  it('is complete with exactly 6 digits', () => {
    expect(isCompleteTwoFactorCode('123456')).toBe(true);
    expect(isCompleteTwoFactorCode('12345')).toBe(false);
    expect(isCompleteTwoFactorCode('1234567')).toBe(false);
    expect(isCompleteTwoFactorCode('12345a')).toBe(false);
  });
});
