// i18n-keys: identityErrors.*
/**
 * The identity codes of docs/product-spec.md section 8 that our flows can produce. Each has a message in both
 * catalogues under `identityErrors.*`. Sign-in never says whether an e-mail exists: unknown
 * e-mail and wrong password are the same `invalid-credential`.
 */
export type IdentityErrorCode =
  | 'invalid-email'
  | 'missing-password'
  | 'invalid-credential'
  | 'email-already-in-use'
  | 'too-many-requests'
  | 'password-does-not-meet-requirements'
  | 'restaurant-name-required'
  | 'user-disabled'
  | 'expired-action-code'
  | 'invalid-action-code'
  | 'network-request-failed';

const BETTER_AUTH_CODES: Record<string, IdentityErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_EMAIL: 'invalid-email',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  PASSWORD_TOO_SHORT: 'password-does-not-meet-requirements',
  PASSWORD_TOO_LONG: 'password-does-not-meet-requirements',
  BANNED_USER: 'user-disabled',
};

/** Maps a better-auth failure (an APIError, or a Response from asResponse calls) to our code. */
export function identityErrorFrom(status: number, code: string | undefined): IdentityErrorCode {
  if (status === 429) return 'too-many-requests';
  return (code && BETTER_AUTH_CODES[code]) || 'invalid-credential';
}

/** The `?error=` on /login (a failed e-mail link, or a disabled account signed out), as our code. */
export function linkErrorFrom(error: string | null): IdentityErrorCode | null {
  if (!error) return null;
  if (error.toUpperCase() === 'USER_DISABLED') return 'user-disabled';
  return error.toUpperCase().includes('EXPIRED') ? 'expired-action-code' : 'invalid-action-code';
}
