/**
 * Which parts of the catalogue a page's browser receives (issue 26). The server keeps every
 * catalogue (ro.ts, en.ts: their files and shapes unchanged); a hydrated page gets only its own
 * language, the base keys written in ro.ts/en.ts themselves, and the namespace files (`<name>.ro.ts`)
 * its area uses. A namespace added later (a new `<name>.ro.ts` spread into ro.ts) reaches the signed-in
 * areas without a change here: the areas list what they leave out, not what they take.
 */

/** Namespace files some areas leave out; every other namespace file goes to the signed-in areas. */
const PUBLIC_ONLY = ['marketing'];
const BACK_OFFICE_ONLY = ['backoffice'];
/**
 * What the staff's live pages (the orders board, the reservations list, held open all service on a
 * phone) leave out besides: the namespaces neither they nor the admin frame around them read. The
 * frame's tabs name every area, so the namespaces holding those labels stay (issue 26).
 */
const NOT_ON_STAFF_LIVE_PAGES = ['billing', 'translation', 'qr', 'schedule', 'image', 'ordering', 'account'];
const STAFF_LIVE_PAGES = /^\/[^/]+\/admin\/(orders|reservations)\/?$/;
/**
 * Namespaces only some admin pages read: the options library's texts (issue 35) go to its pages and
 * a dish's, not to the menu editor's first load (decision 0033) nor the other pages; a client
 * navigation fetches them when a page needs them.
 */
const OPTIONS_ONLY = ['options'];
const OPTIONS_PAGES = /^\/[^/]+\/admin\/(options|products)(\/|$)/;

/** Top-level keys only the server reads (the e-mails' texts): never sent to a browser. */
export function isServerOnlyKey(key: string): boolean {
  return key === 'mail' || key.endsWith('Mail');
}

export type NamespaceFilter = (namespace: string) => boolean;

const all: NamespaceFilter = () => true;
const none: NamespaceFilter = () => false;
const allBut =
  (...left: string[][]): NamespaceFilter =>
  (namespace) =>
    !left.some((list) => list.includes(namespace));
const only =
  (...taken: string[]): NamespaceFilter =>
  (namespace) =>
    taken.includes(namespace);

/** Base-only public pages: sign-in, password reset, contact, the message pages. */
const BASE_ONLY = /^\/(login|reset-password|contact|not-found|unauthorized)(\/|$)/;

/** The namespace files a page at `pathname` uses (its area's), the base keys always included. */
export function namespacesOfPath(pathname: string): NamespaceFilter {
  if (pathname === '/translation-debug') return all;
  if (/^\/admin(\/|$)/.test(pathname)) return allBut(PUBLIC_ONLY);
  if (STAFF_LIVE_PAGES.test(pathname)) return allBut(PUBLIC_ONLY, BACK_OFFICE_ONLY, NOT_ON_STAFF_LIVE_PAGES, OPTIONS_ONLY);
  // the restaurant's admin pages (and the subscription page), the restaurant chooser and creation, an invitation
  if (/^\/[^/]+\/admin(\/|$)/.test(pathname)) return allBut(PUBLIC_ONLY, BACK_OFFICE_ONLY, OPTIONS_PAGES.test(pathname) ? [] : OPTIONS_ONLY);
  if (/^\/(restaurant|restaurants|invitatie)(\/|$)/.test(pathname)) return allBut(BACK_OFFICE_ONLY);
  if (BASE_ONLY.test(pathname)) return none;
  // home, pricing, features, the legal pages (their prices come from billing's texts)
  return only('marketing', 'billing');
}

/** The id of the `<script type="application/json">` that carries a hydrated page's catalogue. */
export const CATALOGUE_SCRIPT_ID = 'bucate-i18n';

/** What that script holds. */
export interface PageCatalogue {
  locale: string;
  /** the namespace files whose keys are in `resources` */
  namespaces: string[];
  resources: Record<string, unknown>;
}
