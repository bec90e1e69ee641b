import { z } from 'zod';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { normalizeSearchTerm } from './insight-classify.ts';
import type { GuestClient } from './client-window.server.ts';
import type { InsightRecorder } from './insight-recorder.server.ts';

/**
 * The guest menu's beacon (api/beacon): what a guest looked at, sent with navigator.sendBeacon as
 * a urlencoded form (a CORS-safe type the request guard accepts; same origin, no cookie needed,
 * no identifier). Fields: `s` slug, `l` location shown, `d` dish ids opened, `q` searches as
 * `1:<term>` (something matched) or `0:<term>`, `a` allergens excluded. Anything that does not fit
 * is refused whole (400), a client or a restaurant past its budget for the interval is a flood (429;
 * one client's flood leaves the restaurant's budget to the other guests, decision 0028), and the
 * answer is never a 500: nobody reads it.
 */

const ID = /^[A-Za-z0-9-]{1,64}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

const beaconSchema = z.object({
  s: z.string().regex(SLUG),
  l: z.union([z.literal(''), z.string().regex(ID)]).default(''),
  d: z.array(z.string().regex(ID)).max(40).default([]),
  q: z
    .array(
      z
        .string()
        .regex(/^[01]:/)
        .max(80),
    )
    .max(10)
    .default([]),
  a: z.array(z.enum(ALLERGEN_KEYS)).max(ALLERGEN_KEYS.length).default([]),
});

const ALLOWED = new Set(['s', 'l', 'd', 'q', 'a']);
const SINGLE = new Set(['s', 'l']);

export type BeaconOutcome = 'counted' | 'invalid' | 'flood' | 'unknown';

export async function acceptBeacon(form: FormData, deps: { recorder: InsightRecorder; menuExists(slug: string): Promise<boolean>; client: GuestClient }): Promise<BeaconOutcome> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (!ALLOWED.has(name) || typeof value !== 'string') return 'invalid';
    if (SINGLE.has(name)) {
      if (name in fields) return 'invalid';
      fields[name] = value;
    } else {
      const list = (fields[name] ??= []) as string[];
      list.push(value);
    }
  }
  const parsed = beaconSchema.safeParse(fields);
  if (!parsed.success) return 'invalid';
  const { s: slug, l: locationId, d: dishes, q, a: allergens } = parsed.data;
  const searches: { term: string; matched: boolean }[] = [];
  for (const entry of q) {
    const term = normalizeSearchTerm(entry.slice(2));
    if (term && !searches.some((s) => s.term === term)) searches.push({ term, matched: entry[0] === '1' });
  }
  if (dishes.length === 0 && searches.length === 0 && allergens.length === 0) return 'invalid';
  if (!(await deps.menuExists(slug))) return 'unknown';
  return deps.recorder.recordInterest({ slug, locationId, dishes, searches, allergens, client: deps.client }) ? 'counted' : 'flood';
}
