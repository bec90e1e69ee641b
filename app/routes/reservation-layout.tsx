import { Outlet } from 'react-router';

/**
 * The guest's reservation pages (issue 25): light like the menu they come from, sent as HTML and CSS
 * only (their forms are plain forms), without the site's header, footer or cookie banner. Each page
 * writes itself in its own language (`?lang=`, else the site's).
 */
export const handle = { hydrate: false };

export default function ReservationLayout() {
  return <Outlet />;
}
