import { describe, expect, it } from 'vitest';
import { ro } from '#app/i18n/ro.ts';
import { capPageMessage, loadMessagePage, MAX_PAGE_MESSAGE_LENGTH } from './message-page.server.ts';

const load = async (query: string, cookie = '') => {
  const result = loadMessagePage(new Request(`http://localhost/not-found${query}`, { headers: { cookie } }), 'errors.pageNotFound', 404);
  return { status: result.init?.status, message: result.data.message };
};

describe('the message of not-found and unauthorized (docs/product-spec.md section 2)', () => {
  it('shows only messages the app issued, translated; any other text gives the generic message', async () => {
    expect(await load('?message=Ceva%20anume')).toEqual({ status: 404, message: 'Pagina nu există.' });
    expect((await load(`?message=${encodeURIComponent('Contul dvs. a fost suspendat. Sunați la 0700 000 000.')}`)).message).toBe('Pagina nu există.');
    expect((await load(`?message=${encodeURIComponent('Pagina nu există. ')}x`)).message).toBe('Pagina nu există.');
    expect((await load(`?message=${encodeURIComponent('Acest restaurant nu există sau a fost dezactivat.')}`)).message).toBe('Acest restaurant nu există sau a fost dezactivat.');
    const editorNotFound = ro.appErrors['not-found'];
    expect((await load(`?message=${encodeURIComponent(editorNotFound)}`)).message).toBe(editorNotFound);
    expect((await load(`?message=${encodeURIComponent('Acest restaurant nu există sau a fost dezactivat.')}`, 'lang=en')).message).toBe(
      'This restaurant does not exist or has been deactivated.',
    );
    expect((await load(`?message=${encodeURIComponent('Pagina nu există.')}`, 'lang=en')).message).toBe('This page does not exist.');
    expect((await load('')).message).toBe('Pagina nu există.');
  });

  it('caps a long message at 200 characters, marking the cut', async () => {
    expect(MAX_PAGE_MESSAGE_LENGTH).toBe(200);
    const exact = 'a'.repeat(200);
    expect(capPageMessage(exact)).toBe(exact);
    const capped = capPageMessage(`Contul dvs. va fi șters. Sunați la 0700 000 000. ${'x'.repeat(5000)}`);
    expect(capped).toHaveLength(200);
    expect(capped.startsWith('Contul dvs. va fi șters.')).toBe(true);
    expect(capped.endsWith('…')).toBe(true);
    expect((await load(`?message=${'y'.repeat(10_000)}`)).message).toBe('Pagina nu există.');
  });

  it('never cuts a character in half', () => {
    const capped = capPageMessage('🍲'.repeat(300));
    expect(Array.from(capped)).toHaveLength(200);
    expect(capped).toBe(`${'🍲'.repeat(199)}…`);
  });
});
