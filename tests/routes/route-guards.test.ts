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
    // the first test imports every route module: under a loaded 2-core machine that took over 20 s
  }, 60_000);

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

  it('names, for each restaurant page, the permission of decision 0029 it stands for', async () => {
    // the matrix derives who gets in from these markers: this table is where a change of permission is seen
    const permissions = Object.fromEntries(
      (await everyLoaderAndAction()).flatMap((one) => (one.guard?.kind === 'restaurant' ? [[`${one.file.replace('routes/', '')} ${one.kind}`, one.guard.permission]] : [])),
    );
    expect(permissions).toEqual({
      'restaurant-admin.tsx loader': 'restaurant.view',
      // the editor: read by every role; its intents are authorized one by one in the services (menu.edit or menu.availability)
      'restaurant-admin.menu.tsx loader': 'restaurant.view',
      'restaurant-admin.menu.tsx action': 'restaurant.view',
      'restaurant-admin.menu-actions.ts action': 'restaurant.view',
      'restaurant-admin.product-new.tsx loader': 'menu.edit',
      'restaurant-admin.product-new.tsx action': 'menu.edit',
      'restaurant-admin.product-edit.tsx loader': 'menu.edit',
      'restaurant-admin.product-edit.tsx action': 'menu.edit',
      'restaurant-admin.images.ts loader': 'menu.edit',
      'restaurant-admin.images.ts action': 'menu.edit',
      'restaurant-admin.translations.ts loader': 'menu.translate',
      'restaurant-admin.translations.ts action': 'menu.translate',
      'restaurant-admin.import.tsx loader': 'menu.import',
      'restaurant-admin.import-file.ts loader': 'menu.import',
      'restaurant-admin.import-file.ts action': 'menu.import',
      'restaurant-admin.import-template.ts loader': 'menu.import',
      'restaurant-admin.export.ts loader': 'menu.import',
      'restaurant-admin.print.ts loader': 'menu.import',
      'restaurant-admin.settings.tsx loader': 'settings.edit',
      'restaurant-admin.settings.tsx action': 'settings.edit',
      // the options library (issue 35): building it is editing the menu
      // the library and a group's page: staff read them to mark an option sold out until the next opening;
      // a new group is menu.edit, and the group page's other intents are authorized in their services (menu.edit)
      'restaurant-admin.options.tsx loader': 'menu.availability',
      'restaurant-admin.options.tsx action': 'menu.edit',
      'restaurant-admin.option-group.tsx loader': 'menu.availability',
      'restaurant-admin.option-group.tsx action': 'menu.availability',
      'restaurant-admin.qr.tsx loader': 'qr.manage',
      'restaurant-admin.qr-download.ts loader': 'qr.manage',
      'restaurant-admin.tables.tsx loader': 'qr.manage',
      'restaurant-admin.team.tsx loader': 'team.view',
      'restaurant-admin.team.tsx action': 'team.view',
      'restaurant-admin.tables.tsx action': 'qr.manage',
      'restaurant-admin.tables-cards.ts loader': 'qr.manage',
      'restaurant-admin.reservations.tsx loader': 'reservations.manage',
      'restaurant-admin.reservations.tsx action': 'reservations.manage',
      'restaurant-admin.reservations-live.ts loader': 'reservations.manage',
      // the orders board (issue 25): the staff run it
      'restaurant-admin.orders.tsx loader': 'orders.board',
      'restaurant-admin.orders.tsx action': 'orders.board',
      'restaurant-admin.orders-live.ts loader': 'orders.board',
      'restaurant-admin.orders-rows.ts loader': 'orders.board',
      'restaurant-admin.order-ticket.ts loader': 'orders.board',
      'restaurant-admin.ordering.tsx loader': 'orders.settings',
      'restaurant-admin.ordering.tsx action': 'orders.settings',
      // the kitchen (issue 36): stations set up by owners and managers, the display run by the staff
      'restaurant-admin.stations.tsx loader': 'orders.settings',
      'restaurant-admin.stations.tsx action': 'orders.settings',
      'restaurant-admin.kitchen.tsx loader': 'orders.board',
      'restaurant-admin.kitchen.tsx action': 'orders.board',
      'restaurant-admin.insights.tsx loader': 'insights.view',
      'restaurant-admin.insights-csv.ts loader': 'insights.view',
      // one's own account page within the restaurant
      'restaurant-admin.account.tsx loader': 'restaurant.view',
      'restaurant-admin.account.tsx action': 'restaurant.view',
      'subscription.tsx loader': 'billing.manage',
      'subscription.tsx action': 'billing.manage',
    });
  });

  it('marks the signed-in, guest-only and public pages as such', async () => {
    const kindOf = new Map((await everyLoaderAndAction()).map((one) => [`${one.file.replace('routes/', '')} ${one.kind}`, one.guard?.kind]));
    expect(['account-export.ts loader', 'login-complete.tsx loader', 'login-complete.tsx action'].map((key) => kindOf.get(key))).toEqual(['user', 'user', 'user']);
    expect(['login.tsx loader', 'login.tsx action'].map((key) => kindOf.get(key))).toEqual(['guest', 'guest']);
    // Stripe's webhook is public: its signature stands in for a session
    expect(['api.webhooks.stripe.ts action', 'home.tsx loader', 'contact.tsx action'].map((key) => kindOf.get(key))).toEqual(['public', 'public', 'public']);
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
