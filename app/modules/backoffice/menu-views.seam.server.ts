import type { AdminScope } from '#app/modules/access/scope.server.ts';

/**
 * SEAM for the insights module (owner analytics issue): the overview's "menus viewed" figure.
 * Nothing counts guest menu views yet, so this answers null and the overview says "not counted
 * yet" rather than showing a made-up number. When insights exposes its platform total, replace the
 * body with a call to it (same signature: views of every guest menu in [from, to)).
 */
export async function countMenuViewsForOverview(_scope: AdminScope, _range: { from: string; to: string }): Promise<number | null> {
  return null;
}
