/**
 * Who may do what in a restaurant (docs/decisions/0029-memberships-and-roles.md): the one table
 * every route guard, service and page reads. Plain data, browser-safe: the admin frame hides
 * what a role may not use, and the server refuses it whatever the page shows.
 */

/** A member's role in one restaurant, from most to least trusted. */
export const ROLES = ['owner', 'manager', 'editor', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Everything a member may be allowed to do in a restaurant. */
export const PERMISSIONS = [
  /** open the restaurant's admin at all: its frame, the editor's read side, one's own account page */
  'restaurant.view',
  /** add, change, reorder and delete locations, categories and dishes */
  'menu.edit',
  /** during service: mark a dish sold out or hidden, hide a category */
  'menu.availability',
  /** import a menu, export it, print the menu and the allergen matrix */
  'menu.import',
  /** content in more languages: fill, edit, refresh */
  'menu.translate',
  /** the restaurant's settings: name, logo, cover, hours, closed days, contact */
  'settings.edit',
  /** the menu's address (the slug), which changes every link not printed as a QR code */
  'settings.slug',
  /** the QR code, the tables with their codes and table cards */
  'qr.manage',
  /** what guests looked at: charts and CSV */
  'insights.view',
  /** the plan, card, invoices, checkout and the customer portal */
  'billing.manage',
  /** the members and pending invitations: list */
  'team.view',
  /** invite, change roles, remove members, revoke invitations (never above one's own role) */
  'team.manage',
  /** give ownership to another member (with the password) */
  'team.transfer',
  /** the live orders board: accept, decline, ready, served */
  'orders.board',
  /** the ordering and reservation settings of each location, the pause switch */
  'orders.settings',
  /** the reservations list: accept, decline, cancel, no-show */
  'reservations.manage',
  /** delete the restaurant with everything in it */
  'restaurant.delete',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/** The table of docs/decisions/0029-memberships-and-roles.md, as code. */
export const POLICY: Readonly<Record<Role, readonly Permission[]>> = {
  owner: ALL,
  manager: ALL.filter((permission) => !['billing.manage', 'team.transfer', 'restaurant.delete'].includes(permission)),
  editor: ['restaurant.view', 'menu.edit', 'menu.availability', 'menu.import', 'menu.translate', 'qr.manage', 'insights.view', 'team.view'],
  staff: ['restaurant.view', 'menu.availability', 'orders.board', 'reservations.manage', 'team.view'],
};

const GRANTS = new Map(ROLES.map((role) => [role, new Set(POLICY[role])]));

/** Whether a member with `role` may do `permission`. */
export function can(role: Role, permission: Permission): boolean {
  return GRANTS.get(role)?.has(permission) ?? false;
}

/**
 * The roles that hold `permission`, for a query that picks members by what they may do (whom the
 * billing e-mails go to): the repository filters by these, the policy decides who they are.
 */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => can(role, permission));
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The roles a member with `role` may give in an invitation or a role change: with team.manage, their
 * own and those below it, never above (decision 0029: owners any, managers all but owner).
 */
export function grantableRoles(role: Role): readonly Role[] {
  return can(role, 'team.manage') ? ROLES.slice(ROLES.indexOf(role)) : [];
}

/** Whether a member with `actor` may change or remove a member with `target`: one whose role they could give (a manager never touches an owner). */
export function mayManageMember(actor: Role, target: Role): boolean {
  return grantableRoles(actor).includes(target);
}

/**
 * What a restaurant always keeps a member with (decision 0029, "the last owner stays"): handing it
 * over. The last member whose role has it can neither leave, nor be removed, nor be demoted; the
 * restaurants a person keeps are theirs to export with their account and go with it when nobody else
 * keeps them.
 */
export const KEEPS_THE_RESTAURANT: Permission = 'team.transfer';

/** Whether a member with `role` is one of those a restaurant keeps (`KEEPS_THE_RESTAURANT`). */
export function keepsTheRestaurant(role: Role): boolean {
  return can(role, KEEPS_THE_RESTAURANT);
}

/** Every permission a role has, for the page: what to show (the server checks again). */
export function permissionsOf(role: Role): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((permission) => [permission, can(role, permission)])) as Record<Permission, boolean>;
}
