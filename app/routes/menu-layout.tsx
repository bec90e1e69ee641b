import { Outlet } from 'react-router';

/** Spec section 2: the menu layout shows neither footer nor cookie banner. Sent without JavaScript. */
export const handle = { hydrate: false, layout: 'menu' };

export default function MenuLayout() {
  return <Outlet />;
}
