import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { answerMenuIntent } from '#app/modules/editor/menu-editor.intents.server.ts';
import type { Route } from './+types/restaurant-admin.menu-actions';

/**
 * The editor's one-click operations as JSON, for the page's own script before React runs
 * (decision 0033, app/ui/editor/editor-enhance.js): the same guard, intents and answers as the
 * editor's action, which React's fetchers and forms without JavaScript post to.
 */
export const action = restaurantRoute('restaurant.view', async ({ request }: Route.ActionArgs, { scope }) => {
  const answer = await answerMenuIntent(request, scope);
  return Response.json(answer.data, { status: answer.init?.status ?? 200, headers: { 'Cache-Control': 'no-store' } });
});
