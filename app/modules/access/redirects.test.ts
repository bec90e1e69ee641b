import { describe, expect, it } from 'vitest';
import { redirectToLogin, redirectToNotFound, redirectToUnauthorized, restaurantLandingPath, safeRedirectPath } from './redirects.ts';

describe('redirects of docs/product-spec.md sections 2 and 6', () => {
  it('sends unknown pages to not-found with the exact message', () => {
    const response = redirectToNotFound();
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, 'http://x').searchParams.get('message')).toBe('Pagina nu există.');
  });

  it('carries a given message to unauthorized', () => {
    const response = redirectToUnauthorized('Nu aveți permisiunea de a accesa acest restaurant.');
    expect(new URL(response.headers.get('location')!, 'http://x').searchParams.get('message')).toBe('Nu aveți permisiunea de a accesa acest restaurant.');
  });

  it('sends a signed-out user to login with the full path', () => {
    const response = redirectToLogin(new Request('http://localhost/restaurant/x/settings/subscription?tab=2'));
    expect(response.headers.get('location')).toBe('/login?redirect=%2Frestaurant%2Fx%2Fsettings%2Fsubscription%3Ftab%3D2');
  });

  it('only ever redirects to a path on this site', () => {
    expect(safeRedirectPath('/bistro/admin')).toBe('/bistro/admin');
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirectPath(evil)).toBe('/');
    }
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/%09/evil.example/..',
    'javascript:alert(1)',
    'http:/evil.example',
    '/\u0000',
    ' /x',
    '%2F%2Fevil.example',
    '/x\r\nSet-Cookie: a=b',
  ])('refuses the hostile target %j', (evil) => {
    const result = safeRedirectPath(evil);
    expect(result.startsWith('/') && !result.startsWith('//')).toBe(true);
    expect(new URL(result, 'https://bucate.ro').origin).toBe('https://bucate.ro');
    expect(result).not.toMatch(/[\r\n\t\\]/);
  });

  it('keeps a path with its query and fragment', () => {
    expect(safeRedirectPath('/bistro/admin?tab=2#x')).toBe('/bistro/admin?tab=2#x');
    expect(safeRedirectPath('/bistro/../login')).toBe('/login');
  });
});

describe('where a member lands in a restaurant (issue 33 item 16)', () => {
  it('sends staff to the orders board and whoever edits the menu to the editor', () => {
    expect(restaurantLandingPath('bistro', 'staff')).toBe('/bistro/admin/orders');
    for (const role of ['owner', 'manager', 'editor'] as const) expect(restaurantLandingPath('bistro', role)).toBe('/bistro/admin');
  });
});
