import { getDb } from '#app/db/db.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { answerCloudPrnt } from '#app/modules/printing/cloudprnt-http.server.ts';
import type { Route } from './+types/api.print';

/**
 * A receipt printer's polling address (Star CloudPRNT, decision 0036): GET fetches a ticket, POST
 * polls, DELETE confirms. Public: the token in the address is the printer's credential, checked by
 * the printing module (401 for a wrong one, 429 for a flood).
 */
export const loader = publicRoute(({ request, params }: Route.LoaderArgs) => answerCloudPrnt(getDb(), request, params.token));

export const action = publicRoute(({ request, params }: Route.ActionArgs) => answerCloudPrnt(getDb(), request, params.token));
