import { describe, expect, it } from 'vitest';
import { guardOf, publicRoute, restaurantRoute, type RouteGuard } from '#app/modules/access/route-guards.server.ts';
import { PERMISSIONS } from '#app/modules/access/policy.ts';
import { walkRouteTable } from '#tests/support/route-table.ts';

/**
 * Every loader and action of app/routes.ts is written through a wrapper of
 * app/modules/access/route-guards.server.ts (issue 24): the guard runs before the handler, so a
 * route cannot forget it. This reads each one's guard; the authorization matrix
 * (tests/routes/authorization.int.test.ts) checks what each guard does, actor by actor.
 */
type RouteModule = { loader?: unknown; action?: unknown };
const routeModules = import.meta.glob<RouteModule>('/app/routes/*.{ts,tsx}');

interface Found {
  file: string;
  pattern: string;
  kind: 'loader' | 'action';
  guard: RouteGuard | undefined;
}

async function everyLoaderAndAction(): Promise<Found[]> {
  const found: Found[] = [];
  for (const { file, pattern } of await walkRouteTable()) {
    const load = routeModules[`/app/${file}`];
    if (!load) throw new Error(`no route module at app/${file}`);
    const module = await load();
    for (const kind of ['loader', 'action'] as const) {
      if (module[kind] !== undefined) found.push({ file, pattern, kind, guard: guardOf(module[kind]) });
    }
  }
  return found;
}

const describeOne = ({ file, kind, pattern }: Found) => `${file} ${kind} (/${pattern})`;

describe('the route wrappers (every loader and action names its guard)', () => {
  it('finds a guard on every loader and action of the route table', async () => {
    const found = await everyLoaderAndAction();
    expect(found.length).toBeGreaterThan(60);
    expect(found.filter((one) => !one.guard).map(describeOne)).toEqual([]);
  });

  it('guards every route under :restaurantSlug with a permission of the policy table', async () => {
    const found = (await everyLoaderAndAction()).filter((one) => one.pattern.split('/').includes(':restaurantSlug'));
    expect(found.length).toBeGreaterThan(25);
    expect(found.filter((one) => one.guard?.kind !== 'restaurant').map(describeOne)).toEqual([]);
    const permissions = found.map((one) => (one.guard?.kind === 'restaurant' ? one.guard.permission : ''));
    expect(permissions.filter((permission) => !(PERMISSIONS as readonly string[]).includes(permission))).toEqual([]);
  });

  it('guards every route of the back office with the admin check', async () => {
    const found = (await everyLoaderAndAction()).filter((one) => one.pattern === 'admin' || one.pattern.startsWith('admin/'));
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((one) => one.guard?.kind !== 'admin').map(describeOne)).toEqual([]);
  });

  it('keeps the permissions the routes had', async () => {
    const permissionOf = new Map((await everyLoaderAndAction()).map((one) => [`${one.file}#${one.kind}`, one.guard?.kind === 'restaurant' ? one.guard.permission : one.guard?.kind]));
    expect(Object.fromEntries(['routes/restaurant-admin.tsx#loader', 'routes/restaurant-admin.menu.tsx#loader', 'routes/restaurant-admin.menu.tsx#action', 'routes/restaurant-admin.product-edit.tsx#action', 'routes/restaurant-admin.settings.tsx#action', 'routes/subscription.tsx#action', 'routes/account-export.ts#loader', 'routes/login.tsx#action', 'routes/api.webhooks.stripe.ts#action'].map((key) => [key, permissionOf.get(key)]))).toEqual({
      'routes/restaurant-admin.tsx#loader': 'restaurant.view',
      // the editor's intents are authorized one by one in the services (menu.edit or menu.availability)
      'routes/restaurant-admin.menu.tsx#loader': 'restaurant.view',
      'routes/restaurant-admin.menu.tsx#action': 'restaurant.view',
      'routes/restaurant-admin.product-edit.tsx#action': 'menu.edit',
      'routes/restaurant-admin.settings.tsx#action': 'settings.edit',
      'routes/subscription.tsx#action': 'billing.manage',
      'routes/account-export.ts#loader': 'user',
      'routes/login.tsx#action': 'guest',
      'routes/api.webhooks.stripe.ts#action': 'public',
    });
  });

  it('marks a wrapped function without making the mark enumerable or changing what the handler returns', async () => {
    const loader = publicRoute(() => 'answer');
    expect(guardOf(loader)).toEqual({ kind: 'public' });
    expect(Object.keys(loader)).toEqual([]);
    expect(loader({ request: new Request('http://localhost/') })).toBe('answer');
    expect(guardOf(restaurantRoute('menu.edit', () => null))).toEqual({ kind: 'restaurant', permission: 'menu.edit' });
    // a function written without a wrapper, or anything else, has no guard
    expect(guardOf(() => null)).toBeUndefined();
    expect(guardOf({ kind: 'public' })).toBeUndefined();
  });
});
