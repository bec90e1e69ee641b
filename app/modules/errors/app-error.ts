/**
 * The one error type of the services (docs/style.md, Errors). A code maps to an HTTP status here and to
 * a translated message under `appErrors.<code>` in the catalogues; params fill the message.
 * Bad input is always a 4xx a restaurant owner can act on, never a 500 or a silent no-op.
 */
export const APP_ERROR_STATUS = {
  'not-found': 404,
  forbidden: 403,
  'invalid-input': 400,
  'slug-taken': 409,
  'slug-reserved': 400,
  'product-limit-reached': 403,
  'pro-not-manual': 409,
  'billing-already-active': 409,
  'billing-no-customer': 409,
  'billing-unavailable': 503,
  'location-limit-reached': 403,
  'category-limit-reached': 403,
  'upload-limit-reached': 429,
  'storage-limit-reached': 403,
  'table-limit-reached': 403,
  // a guest's order (app/modules/ordering, decision 0032)
  'ordering-off': 409,
  'ordering-paused': 409,
  'order-kind-unavailable': 400,
  'order-empty': 400,
  'order-too-many-lines': 400,
  'order-quantity': 400,
  'order-note-too-long': 400,
  'order-name': 400,
  'order-phone': 400,
  'order-pickup-time': 400,
  'order-dish-unavailable': 409,
  'order-table-required': 400,
  'order-table-unknown': 400,
  'table-call-unknown': 400,
  'table-call-too-soon': 429,
  'table-call-gone': 409,
  'order-table-blocked': 403,
  'order-table-busy': 429,
  'order-rate-limited': 429,
  'order-ceiling': 429,
  'order-cart-full': 413,
  // a line's choices (issue 35): each names the dish and the group
  'order-option-required': 400,
  'order-option-too-many': 400,
  'order-option-unknown': 409,
  'order-option-unavailable': 409,
  'order-allergies': 400,
  // reservations (app/modules/reservations, decision 0032)
  'reservation-off': 409,
  'reservation-unpublished': 409,
  'reservation-party': 400,
  'reservation-past': 400,
  'reservation-too-far': 400,
  'reservation-closed-day': 400,
  'reservation-outside-hours': 400,
  'reservation-too-soon': 400,
  'reservation-full': 409,
  'reservation-rate': 429,
  'reservation-ceiling': 429,
  'reservation-contact-ceiling': 429,
  'reservation-not-cancellable': 409,
  'reservation-not-begun': 409,
  // the team (app/modules/team, decision 0029)
  'invite-self': 400,
  'invite-member': 409,
  'invite-limit': 429,
  'invitation-unknown': 404,
  'invitation-expired': 410,
  'invitation-used': 410,
  'invitation-revoked': 410,
  'invitation-other-account': 403,
  'invitation-admin': 403,
  'invitation-member': 409,
  'role-not-grantable': 403,
  'owner-protected': 403,
  'last-owner': 409,
  'password-wrong': 400,
  'password-attempts': 429,
  /** the row changed since the form was loaded (another tab, another person): optimistic concurrency */
  'stale-edit': 409,
  /** dish options (decision 0034): the library's, a group's or a dish's limit; a 'set' group's option below zero */
  'option-limit-reached': 403,
  'option-set-price-negative': 400,
  /** a location's printers (issue 36) */
  'printer-limit-reached': 403,
  // sold out "until we open again" with no hours to open by (issue 35 item 8)
  'no-next-opening': 409,
  /** the orders board (issue 25): a colleague moved the order first; a move its state does not allow */
  'order-changed': 409,
  'order-transition': 409,
  /** the kitchen (issue 36): stations per location; a category's station of another location; a line taken back or done */
  'station-limit-reached': 403,
  'station-other-location': 400,
  'line-changed': 409,
  'nothing-to-recall': 409,
  'image-missing': 400,
  'image-unsupported': 415,
  'image-too-large': 413,
  'image-too-many-pixels': 413,
  'image-corrupt': 422,
  // the menu import (app/modules/import)
  'import-missing': 400,
  'import-unsupported': 415,
  'import-too-large': 413,
  'import-unreadable': 422,
  'import-empty': 400,
  'import-too-many-rows': 413,
  'import-has-problems': 422,
  'import-option-groups-limit': 403,
  'import-over-limit': 403,
  'import-nothing-found': 422,
  'import-ods': 415,
  'import-unpacked-too-large': 413,
  'import-too-complex': 422,
  'import-busy': 503,
  'import-ocr-busy': 429,
  'import-ocr-quota': 429,
  /** automatic translation (app/modules/translation): the provider refused the key, ran out of quota, or did not answer */
  'translation-auth': 502,
  'translation-quota': 429,
  'translation-unavailable': 503,
  'translation-not-configured': 409,
  /** the machine's translation is longer than the field takes (a name as long as its editor allows) */
  'translation-too-long': 422,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;
export type AppErrorParams = Record<string, string | number>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly params: AppErrorParams;
  readonly status: number;
  /** the form field the message belongs next to, when there is one */
  readonly field: string | undefined;

  constructor(code: AppErrorCode, params: AppErrorParams = {}, options: { field?: string } = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.status = APP_ERROR_STATUS[code];
    this.field = options.field;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
