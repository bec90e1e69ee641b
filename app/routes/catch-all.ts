import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';

export const loader = publicRoute(() => {
  throw redirectToNotFound();
});

export const action = publicRoute(() => {
  throw redirectToNotFound();
});
