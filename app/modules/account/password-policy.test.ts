import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, failedPasswordRules, passwordRules } from './password-policy.ts';

describe('password policy (docs/product-spec.md section 5)', () => {
  it('asks only for 6 characters by default', () => {
    expect(passwordRules(DEFAULT_PASSWORD_POLICY)).toEqual(['minLength']);
    expect(failedPasswordRules('12345', DEFAULT_PASSWORD_POLICY)).toEqual(['minLength']);
    expect(failedPasswordRules('123456', DEFAULT_PASSWORD_POLICY)).toEqual([]);
  });

  it('names each configured rule a password breaks', () => {
    const strict = { minLength: 8, maxLength: 12, requireLowercase: true, requireUppercase: true, requireDigit: true, requireSymbol: true };
    expect(failedPasswordRules('abc', strict)).toEqual(['minLength', 'uppercase', 'digit', 'symbol']);
    expect(failedPasswordRules('ABCDEFGHIJKLMN', strict)).toEqual(['maxLength', 'lowercase', 'digit', 'symbol']);
    expect(failedPasswordRules('Țară-2026!', strict)).toEqual([]);
  });

  it('counts characters, not bytes, so diacritics count once', () => {
    expect(failedPasswordRules('ăâîșț', { ...DEFAULT_PASSWORD_POLICY, minLength: 5 })).toEqual([]);
  });
});
