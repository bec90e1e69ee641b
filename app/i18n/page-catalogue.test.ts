import { describe, expect, it } from 'vitest';
import { pageCatalogueJson } from './catalogue-parts.server.ts';
import { en } from './en.ts';
import { ro } from './ro.ts';
import type { PageCatalogue } from './page-catalogue.ts';

const read = (locale: 'ro' | 'en', path: string) => JSON.parse(pageCatalogueJson(locale, path)) as PageCatalogue;

describe('the catalogue a hydrated page carries (issue 26)', () => {
  it('gives the editor its own language and the owner namespaces, without the marketing, back-office and e-mail texts', () => {
    const page = read('ro', '/bistro-la-bunica/admin');
    expect(page.locale).toBe('ro');
    expect(page.resources.editor).toEqual(ro.editor);
    expect(page.resources.schedule).toEqual(ro.schedule);
    expect(page.resources.nav).toEqual(ro.nav);
    for (const left of ['marketing', 'home', 'pricing', 'backoffice', 'mail', 'securityMail', 'billingMail']) expect(page.resources).not.toHaveProperty(left);
    expect(page.namespaces).toContain('editor');
    expect(page.namespaces).not.toContain('marketing');
    expect(read('en', '/bistro-la-bunica/admin/settings').resources.editor).toEqual(en.editor);
  });

  it("keeps the options library's texts to its pages and a dish's, off the menu editor's first load (issue 35)", () => {
    expect(read('ro', '/bistro-la-bunica/admin').namespaces).not.toContain('options');
    expect(read('ro', '/bistro-la-bunica/admin/settings').namespaces).not.toContain('options');
    expect(read('ro', '/bistro-la-bunica/admin/orders').namespaces).not.toContain('options');
    for (const path of ['/bistro-la-bunica/admin/options', '/bistro-la-bunica/admin/options/g1', '/bistro-la-bunica/admin/products/p1']) {
      expect(read('ro', path).resources.options, path).toEqual(ro.options);
    }
  });

  it("gives the staff's live pages their texts and the admin frame's, without the namespaces neither reads (issue 26)", () => {
    for (const path of ['/bistro-la-bunica/admin/orders', '/bistro-la-bunica/admin/reservations']) {
      const page = read('ro', path);
      // the pages' own, and the frame's: its tabs (import, insights, tables, ordering settings), the switcher (restaurants, team roles)
      for (const taken of ['orders', 'reservations', 'editor', 'import', 'insights', 'tables', 'ordering-settings', 'restaurants', 'team'])
        expect(page.namespaces, path).toContain(taken);
      for (const left of ['billing', 'translation', 'qr', 'schedule', 'image', 'ordering', 'account', 'marketing', 'backoffice']) expect(page.namespaces, path).not.toContain(left);
      expect(page.resources.orders).toEqual(ro.orders);
      expect(page.resources.nav).toEqual(ro.nav);
      expect(page.resources).not.toHaveProperty('billing');
    }
    // the rest of the admin keeps every owner namespace
    expect(read('ro', '/bistro-la-bunica/admin/ordering').namespaces).toContain('billing');
  });

  it('gives sign-in the base texts only, the back office its own, and escapes what could close the script', () => {
    const login = read('ro', '/login');
    expect(login.namespaces).toEqual([]);
    expect(login.resources.auth).toEqual(ro.auth);
    expect(login.resources).not.toHaveProperty('editor');
    expect(read('en', '/admin/users').resources.backoffice).toEqual(en.backoffice);
    expect(read('ro', '/pricing').namespaces).toEqual(['billing', 'marketing']);
    expect(pageCatalogueJson('ro', '/translation-debug')).not.toContain('</');
  });
});
