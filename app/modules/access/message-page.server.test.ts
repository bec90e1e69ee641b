import { describe, expect, it } from 'vitest';
import { capPageMessage, loadMessagePage, MAX_PAGE_MESSAGE_LENGTH } from './message-page.server.ts';

const load = async (query: string, cookie = '') => {
  const result = loadMessagePage(new Request(`http://localhost/not-found${query}`, { headers: { cookie } }), 'errors.pageNotFound', 404);
  return { status: result.init?.status, message: result.data.message };
};

describe('the message of not-found and unauthorized (spec section 2)', () => {
  it('shows a short message as given, and translates ours', async () => {
    expect(await load('?message=Ceva%20anume')).toEqual({ status: 404, message: 'Ceva anume' });
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
    expect((await load(`?message=${'y'.repeat(10_000)}`)).message).toBe(`${'y'.repeat(199)}…`);
  });

  it('never cuts a character in half', () => {
    const capped = capPageMessage('🍲'.repeat(300));
    expect(Array.from(capped)).toHaveLength(200);
    expect(capped).toBe(`${'🍲'.repeat(199)}…`);
  });
});
