import { redirectToNotFound } from '#app/modules/access/redirects.ts';

export function loader() {
  throw redirectToNotFound();
}

export function action() {
  throw redirectToNotFound();
}
