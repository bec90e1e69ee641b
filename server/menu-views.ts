import { isCountableView, isRevisit, sourceOfReferer, viaOf } from '#app/modules/insights/insight-classify.ts';
import type { ViewRecord } from '#app/modules/insights/insight-recorder.server.ts';
import type { ServedMenu } from './menu-cache.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The menu cache's `onServe` for owner insights: decides from the request's headers whether this
 * answer is a guest's view and hands the few facts kept to `record` (memory only, no query). A
 * counted view gets `Last-Modified: now`, which the browser echoes as If-Modified-Since on its
 * next revalidation: a 304 within the revisit window is the same visit (decision 0018). The
 * client (`addressOf`: the address as Express derives it, TRUST_PROXY applied; and the agent) goes
 * to the recorder, which counts it once per window under a rotating key and keeps it nowhere else
 * (decision 0028); nothing of the request (address, agent, referrer URL) is stored.
 */
export function createMenuViewCounter(record: (view: ViewRecord) => void, addressOf: (req: ServedMenu['req']) => string, now: () => number = Date.now) {
  return function onServe(served: ServedMenu): Record<string, string> | undefined {
    const { req } = served;
    const at = now();
    const referer = header(req.headers.referer);
    const countable = isCountableView(
      {
        method: req.method ?? 'GET',
        userAgent: header(req.headers['user-agent']),
        fetchDest: header(req.headers['sec-fetch-dest']),
        purpose: header(req.headers['sec-purpose']) ?? header(req.headers.purpose),
        referer,
        host: header(req.headers.host),
        ifModifiedSince: header(req.headers['if-modified-since']),
      },
      at,
    );
    const since = header(req.headers['if-modified-since']);
    // the visit's start stays what the browser remembers, so the window does not slide forever
    if (!countable) return since && isRevisit(since, at) ? { 'Last-Modified': new Date(Date.parse(since)).toUTCString() } : undefined;
    const url = req.url ?? '';
    const queryStart = url.indexOf('?');
    record({
      slug: served.slug,
      locale: served.locale,
      locationId: served.locationId,
      via: queryStart === -1 ? undefined : viaOf(url.slice(queryStart + 1)),
      source: sourceOfReferer(referer),
      client: { address: addressOf(req), userAgent: header(req.headers['user-agent']) ?? '' },
    });
    return { 'Last-Modified': new Date(at).toUTCString() };
  };
}
