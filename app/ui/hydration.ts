import { useMatches } from 'react-router';

/**
 * What a route's `handle.hydrate` may say: `false` sends its pages as HTML and CSS only (the guest
 * menu, the marketing pages), or a function of the route's loader data decides per request (the
 * home page hydrates only for a payment return, which refreshes itself).
 */
export type HydrateHandle = { hydrate?: boolean | 'on-demand' | ((loaderData: unknown) => boolean) };

/**
 * How the server sends a document: `full` with React's scripts, `none` as HTML and CSS only, or
 * `on-demand` (decision 0033, the owner's menu editor): HTML that works with a small script of its
 * own, React's scripts kept inert in the page until the user reaches for what needs them.
 */
export type DocumentMode = 'full' | 'none' | 'on-demand';

function useRoutesDocumentMode(): DocumentMode {
  let mode: DocumentMode = 'full';
  for (const match of useMatches()) {
    const hydrate = (match.handle as HydrateHandle | undefined)?.hydrate;
    const wanted = typeof hydrate === 'function' ? hydrate(match.loaderData) : hydrate;
    if (wanted === false) return 'none';
    if (wanted === 'on-demand') mode = 'on-demand';
  }
  return mode;
}

/** An on-demand route's handle: `scripts` are the page's own scripts (URLs), which start React when needed. */
export type OnDemandHandle = { hydrate: 'on-demand'; scripts: readonly string[] };

/** The id of the inert `<noscript>` that holds React's scripts in an on-demand document (its markup, as text). */
export const DEFERRED_SCRIPTS_ID = 'react-on-demand';

/**
 * Whether this browser's React was started on demand (its first document held React's scripts in
 * the inert noscript): such a page keeps rendering the same noscript, never React's own scripts,
 * whatever route it navigates to, so hydration finds the markup it expects.
 */
const startedOnDemand = typeof document !== 'undefined' && document.getElementById(DEFERRED_SCRIPTS_ID) !== null;

/** The document mode of this render: decided by the routes on the server, by how React was started in the browser. */
export function useDocumentMode(): DocumentMode {
  const mode = useRoutesDocumentMode();
  if (typeof document === 'undefined') return mode;
  return startedOnDemand ? 'on-demand' : 'full';
}

/**
 * True while the server renders a document that gets no JavaScript (decision 0001, 0026). In the
 * browser React only runs in a hydrated document: a client navigation from such a document into a
 * page sent without JavaScript keeps React (and its scripts) in charge, so this is false there.
 */
export function useStaticDocument(): boolean {
  return useRoutesDocumentMode() === 'none' && typeof document === 'undefined';
}
