import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_DURATION, hideToast, INITIAL_TOAST, showToast, toastRequestError, type ToastPosition } from './toast.ts';

describe('toast (docs/product-spec.md sections 3 and 4)', () => {
  it('starts hidden: success, top-right, 3000 ms, empty', () => {
    expect(INITIAL_TOAST).toEqual({ show: false, message: '', type: 'success', htmlContent: '', position: 'top-right', duration: 3000 });
  });

  it('shows message and type, with the defaults', () => {
    expect(showToast(INITIAL_TOAST, { message: 'Salvat' })).toEqual({ ...INITIAL_TOAST, show: true, message: 'Salvat' });
    expect(showToast(INITIAL_TOAST, { message: 'Eroare', type: 'error' })).toMatchObject({ type: 'error', duration: DEFAULT_TOAST_DURATION });
  });

  it('uses a markup string as HTML content, keeping the message', () => {
    expect(showToast(INITIAL_TOAST, { message: 'Salvat', html: '<b>Salvat</b>' })).toMatchObject({ message: 'Salvat', htmlContent: '<b>Salvat</b>' });
    expect(showToast(INITIAL_TOAST, { message: 'Salvat', html: '' })).toMatchObject({ message: 'Salvat', htmlContent: '' });
  });

  it('shows the message itself as HTML when the markup argument is true, clearing the plain message', () => {
    expect(showToast(INITIAL_TOAST, { message: 'Gata <i>acum</i>', html: true })).toMatchObject({ message: '', htmlContent: 'Gata <i>acum</i>' });
  });

  it('changes the position when one is given, and keeps it for the next toast', () => {
    const first = showToast(INITIAL_TOAST, { message: 'a', position: 'bottom-left' });
    expect(first.position).toBe('bottom-left');
    expect(showToast(hideToast(first), { message: 'b' }).position).toBe('bottom-left');
  });

  it('refuses any other position and changes nothing', () => {
    // the type allows only the four; plain JavaScript (or a cast) can still send another
    const bad = { message: 'a', position: 'center' as ToastPosition };
    expect(toastRequestError(bad)).toContain('"center"');
    const current = showToast(INITIAL_TOAST, { message: 'kept', position: 'bottom-left' });
    expect(showToast(current, bad)).toBe(current);
    for (const position of ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const) {
      expect(toastRequestError({ message: 'a', position })).toBeNull();
    }
    expect(toastRequestError({ message: 'a' })).toBeNull();
  });

  it('takes a duration, 3000 ms otherwise', () => {
    expect(showToast(INITIAL_TOAST, { message: 'a', duration: 5000 }).duration).toBe(5000);
    expect(showToast({ ...INITIAL_TOAST, duration: 5000 }, { message: 'a' }).duration).toBe(3000);
  });

  it('hides and clears message and content', () => {
    const shown = showToast(INITIAL_TOAST, { message: 'a', html: '<b>a</b>', type: 'error' });
    expect(hideToast(shown)).toEqual({ ...shown, show: false, message: '', htmlContent: '' });
  });
});
