import type { TFunction } from 'i18next';
import { passwordRules, type PasswordPolicy, type PasswordRule } from '#app/modules/account/password-policy.ts';

/** "cel puțin 8 caractere, o cifră": the given rules (all of the policy's by default) in words. */
export function describePasswordRules(t: TFunction, policy: PasswordPolicy, rules: PasswordRule[] = passwordRules(policy)): string {
  return rules.map((rule) => t(`passwordRule.${rule}`, { min: policy.minLength, max: policy.maxLength })).join(', ');
}
