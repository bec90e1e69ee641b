import { useMatches } from 'react-router';

/**
 * What a route's `handle.hydrate` may say: `false` sends its pages as HTML and CSS only (the guest
 * menu, the marketing pages), or a function of the route's loader data decides per request (the
 * home page hydrates only for a payment return, which refreshes itself).
 */
export type HydrateHandle = { hydrate?: boolean | ((loaderData: unknown) => boolean) };

function useRoutesWantHydration(): boolean {
  return useMatches().every((match) => {
    const hydrate = (match.handle as HydrateHandle | undefined)?.hydrate;
    return typeof hydrate === 'function' ? hydrate(match.loaderData) : hydrate !== false;
  });
}

/**
 * True while the server renders a document that gets no JavaScript (decision 0001, 0026). In the
 * browser React only runs in a hydrated document: a client navigation from such a document into a
 * page sent without JavaScript keeps React (and its scripts) in charge, so this is false there.
 */
export function useStaticDocument(): boolean {
  const wanted = useRoutesWantHydration();
  return !wanted && typeof document === 'undefined';
}
