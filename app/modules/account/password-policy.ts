import type { PasswordPolicy } from '#app/env.types.ts';

/**
 * The password policy of docs/product-spec.md section 5 (its shape, PasswordPolicy, is configuration: env.types.ts):
 * minimum length 6 unless configured otherwise; optional maximum length and optional lowercase,
 * uppercase, digit and non-alphanumeric requirements.
 * Safe for the browser: the form shows the rules, the action enforces them.
 */

export type PasswordRule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireSymbol: false,
};

/** Every rule the policy has, in the order the form lists them. */
export function passwordRules(policy: PasswordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = ['minLength'];
  if (policy.maxLength !== undefined) rules.push('maxLength');
  if (policy.requireLowercase) rules.push('lowercase');
  if (policy.requireUppercase) rules.push('uppercase');
  if (policy.requireDigit) rules.push('digit');
  if (policy.requireSymbol) rules.push('symbol');
  return rules;
}

/** The rules a password breaks (empty when it is acceptable). */
export function failedPasswordRules(password: string, policy: PasswordPolicy): PasswordRule[] {
  const length = [...password].length;
  return passwordRules(policy).filter((rule) => {
    switch (rule) {
      case 'minLength':
        return length < policy.minLength;
      case 'maxLength':
        return policy.maxLength !== undefined && length > policy.maxLength;
      case 'lowercase':
        return !/\p{Ll}/u.test(password);
      case 'uppercase':
        return !/\p{Lu}/u.test(password);
      case 'digit':
        return !/\p{Nd}/u.test(password);
      case 'symbol':
        return !/[^\p{L}\p{N}]/u.test(password);
    }
  });
}
