import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_INTENT_PERMISSIONS } from '#app/modules/editor/menu-intents.ts';
import { ADMIN_SERVICE_ROWS, SYSTEM_SERVICE_ROWS, USER_SERVICE_ROWS } from './account-service-rows.ts';
import { MENU_SERVICE_ROWS } from './menu-service-rows.ts';
import { RESTAURANT_SERVICE_ROWS } from './restaurant-service-rows.ts';
import { exportedFunctionCount, rawRestaurantFunctions, scopedFunctions, scopeKindsOf, type ScopeKind } from './service-inventory.ts';

/**
 * The service matrix covers every exported function that takes a scope (issue 24, item 7): a new
 * service, or a new module's, without a row in one of the tables fails here, and so does a row
 * for a service that is gone.
 */

/** Shared helpers that take any scope and check nothing themselves: each is called inside a service that checked first. */
const ANY_SCOPE_HELPERS: Record<string, string> = {
  'audit/audit.server.ts#recordAudit': 'writes the audit row of a change inside the service that checked it',
  'translation/translation-cache.server.ts#translateTexts': 'platform-wide cache, called by translation services after their check',
};

/**
 * The functions that take a database handle and a restaurant's bare id (issue 34 item 4), each with
 * why it needs no scope: a helper called after a service's check, or a guest's public read. A
 * service that reaches a restaurant's data this way escapes the matrix; give it a scope instead.
 */
const RAW_ID_HELPERS: Record<string, string> = {
  'account/email-link.service.server.ts#resendVerificationLink': "the account page passes its member scope's restaurant; only its time zone is read, to word the wait",
  'image/image-cleanup.server.ts#releaseUnusedImages': "inside changeMenu's transaction, after the service's authorize",
  'image/image-cleanup.server.ts#enqueueReleasedFilesDeletion': "inside changeMenu's transaction, after the service's authorize",
  'insights/order-insights.server.ts#orderInsights': "called by getInsights after its insights.view check, with the scope's restaurant",
  'kitchen/station-routing.server.ts#readRestaurantStations': "read by the kitchen display's service (ordering/) after its orders.board check, with the scope's restaurant",
  'kitchen/station-routing.server.ts#routeDishesToStations':
    "called by a guest's order placement with the restaurant and location it found by the menu's slug and checked takes orders",
  'options/dish-option-groups.server.ts#readDishOptionGroups': "the guest menu's and the cart's public read of a published menu's dishes' groups (what guests may see)",
  'options/sold-out.server.ts#nextOptionReturnAt': "the guest menu's public read model: when its render stops being valid",
  'options/option-library.server.ts#attachOptionGroups':
    "inside the import's changeMenu transaction after its menu.import check, and the demo seed's (the system, before anyone signs up)",
  'ordering/guest-ceilings.server.ts#announceCeilingHit': "a guest's order or reservation refused by a location's ceiling: the note and live event for that restaurant's staff",
  'ordering/guest-ceilings.server.ts#listRecentCeilingHits': "read by the reservations list's service after its reservations.manage check, with the scope's restaurant",
  'ordering/order-pricing.server.ts#requireOrdersOpen': 'a guest placing an order: what a published menu offers is public',
  'ordering/ordering-settings.service.server.ts#orderingForGuests': "a guest's public read of what each location of a published menu offers",
  'ordering/ordering-settings.service.server.ts#locationOrderingForGuests': "a guest's public read of what one location of a published menu offers",
  'reservations/reservation-ceilings.server.ts#assertReservationCeilings': "inside a guest's reservation request's transaction, for the restaurant the public address named",
  'restaurant/next-opening.server.ts#requireNextOpening':
    "inside the sold-out-until-opening services' changeMenu, after their menu.availability check, with the scope's restaurant",
  'subscription/subscription.service.server.ts#refreshPlanSummary': 'inside the transactions of plan changes made by services that checked, and of the webhook',
  'subscription/subscription.service.server.ts#forgetChangedPlanDays': "inside the plan changes' and the account deletion's transactions, after their checks",
  'team/team-guard.server.ts#wouldLeaveNoOwner': "inside a team change's transaction, after lockTeam read the actor's role",
};

const covered = (kind: ScopeKind) =>
  scopedFunctions()
    .filter((fn) => fn.kinds.includes(kind))
    .map((fn) => fn.key)
    .sort();
const unique = (keys: string[]) => [...new Set(keys)].sort();

describe('the service matrix covers every service that takes a scope', () => {
  it('reads the signatures it should (the scanner itself)', () => {
    expect(scopeKindsOf('scope: RestaurantScope')).toEqual(['restaurant']);
    expect(scopeKindsOf('scope: MemberScope | UserScope')).toEqual(['restaurant', 'user']);
    expect(scopeKindsOf('scope: AdminScope | SystemScope')).toEqual(['admin', 'system']);
    expect(scopeKindsOf('scope: SystemScope')).toEqual(['system']);
    expect(scopeKindsOf("db: RestaurantScope['db']")).toBe('not-a-scope');
    expect(scopeKindsOf('db: Kysely<Database>')).toBe('not-a-scope');
    expect(() => scopeKindsOf('scope: GuestScope')).toThrow(/unknown scope type/);
    expect(exportedFunctionCount()).toBeGreaterThan(300);
    const keys = scopedFunctions().map((fn) => fn.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'product/product.service.server.ts#createProduct',
        'account/admin-users.service.server.ts#setUserDisabled',
        'account/account-data.service.server.ts#exportAccountData',
      ]),
    );
  });

  it('has a row for every service of a restaurant (member or system scope), and none for a service that is gone', () => {
    expect(unique([...MENU_SERVICE_ROWS, ...RESTAURANT_SERVICE_ROWS].map((row) => row.service))).toEqual(covered('restaurant'));
  });

  it('has a row for every back-office service (admin scope)', () => {
    expect(unique(ADMIN_SERVICE_ROWS.map((row) => row.service))).toEqual(covered('admin'));
  });

  it('has a row for every service only the system runs (system scope)', () => {
    expect(unique(SYSTEM_SERVICE_ROWS.map((row) => row.service))).toEqual(covered('system'));
  });

  it("has a row for every service of a user's own account (user scope)", () => {
    expect(unique(USER_SERVICE_ROWS.map((row) => row.service))).toEqual(covered('user'));
  });

  it("reaches no restaurant's data by a bare id outside the named helpers (no service escapes the matrix)", () => {
    expect(rawRestaurantFunctions()).toEqual(Object.keys(RAW_ID_HELPERS).sort());
  });

  it('knows why each helper that takes any scope checks nothing itself', () => {
    expect(Object.keys(ANY_SCOPE_HELPERS).sort()).toEqual(covered('any'));
  });

  it("names a permission for every intent the menu page's dispatcher handles", () => {
    const source = readFileSync(join(import.meta.dirname, '../../app/modules/editor/menu-editor.intents.server.ts'), 'utf8');
    const cases = [...source.matchAll(/case '([a-z-]+)':/g)].map((match) => match[1]).sort();
    expect(Object.keys(MENU_INTENT_PERMISSIONS).sort()).toEqual(cases);
  });
});
