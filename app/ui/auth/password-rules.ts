import type { TFunction } from 'i18next';
import type { PasswordPolicy } from '#app/env.types.ts';
import { passwordRules, type PasswordRule } from '#app/modules/account/password-policy.ts';

// i18n-keys: passwordRule.*
/** "cel puțin 8 caractere, o cifră": the given rules (all of the policy's by default) in words. */
export function describePasswordRules(t: TFunction, policy: PasswordPolicy, rules: PasswordRule[] = passwordRules(policy)): string {
  // count picks the Romanian plural: "cel puțin 8 caractere", "cel puțin 20 de caractere"
  const count = (rule: PasswordRule) => (rule === 'minLength' ? policy.minLength : rule === 'maxLength' ? policy.maxLength : undefined);
  return rules.map((rule) => t(`passwordRule.${rule}`, { min: policy.minLength, max: policy.maxLength, count: count(rule) })).join(', ');
}
