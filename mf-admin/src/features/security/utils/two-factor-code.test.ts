import { describe, expect, it } from 'vitest';
import { isCompleteTwoFactorCode, sanitizeTwoFactorCode } from './two-factor-code.ts';

describe('two-factor code rules', () => {
  it('keeps digits only, at most 6', () => {
    expect(sanitizeTwoFactorCode('12a 3-4')).toBe('1234');
    expect(sanitizeTwoFactorCode('123 456 789')).toBe('123456');
    expect(sanitizeTwoFactorCode('abc')).toBe('');
  });

  it('is complete with exactly 6 digits', () => {
    expect(isCompleteTwoFactorCode('123456')).toBe(true);
    expect(isCompleteTwoFactorCode('12345')).toBe(false);
    expect(isCompleteTwoFactorCode('1234567')).toBe(false);
    expect(isCompleteTwoFactorCode('12345a')).toBe(false);
  });
});
