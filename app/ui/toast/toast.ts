/**
 * The toast of docs/product-spec.md sections 3 and 4 as a pure state machine; app/ui/toast/ renders it.
 * Defaults: type success, position top-right, duration 3000 ms.
 */
export const TOAST_POSITIONS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export const DEFAULT_TOAST_DURATION = 3000;

export interface ToastState {
  show: boolean;
  message: string;
  /** 'success' shows a check mark; any other type an exclamation mark */
  type: string;
  /** when non-empty, shown as (sanitised) markup instead of the message */
  htmlContent: string;
  position: ToastPosition;
  duration: number;
}

export interface ShowToast {
  message: string;
  type?: string;
  /** a string: that markup is shown; true: the message itself is shown as markup */
  html?: string | true;
  position?: ToastPosition;
  duration?: number;
}

export const INITIAL_TOAST: ToastState = {
  show: false,
  message: '',
  type: 'success',
  htmlContent: '',
  position: 'top-right',
  duration: DEFAULT_TOAST_DURATION,
};

export function isToastPosition(value: unknown): value is ToastPosition {
  return typeof value === 'string' && (TOAST_POSITIONS as readonly string[]).includes(value);
}

/**
 * Why a request cannot be shown, or null when it can. docs/product-spec.md section 5: the position must be one of
 * the four. Checked before any state changes, so a bad call (from code the types did not cover)
 * is refused on its own and never takes the page down with it.
 */
export function toastRequestError(request: ShowToast): string | null {
  if (request.position !== undefined && !isToastPosition(request.position)) {
    return `Toast position must be one of ${TOAST_POSITIONS.join(', ')}; got "${String(request.position)}"`;
  }
  return null;
}

/** Shows a toast. A given position then stays for later toasts; a refused request changes nothing. */
export function showToast(state: ToastState, request: ShowToast): ToastState {
  if (toastRequestError(request)) return state;
  const asHtml = request.html === true;
  return {
    show: true,
    type: request.type ?? 'success',
    message: asHtml ? '' : request.message,
    htmlContent: asHtml ? request.message : typeof request.html === 'string' ? request.html : '',
    position: request.position ?? state.position,
    duration: request.duration ?? DEFAULT_TOAST_DURATION,
  };
}

/** After the duration: hidden, with message and markup cleared (position is kept). */
export function hideToast(state: ToastState): ToastState {
  return { ...state, show: false, message: '', htmlContent: '' };
}
