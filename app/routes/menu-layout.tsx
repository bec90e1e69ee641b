import { Outlet } from 'react-router';

/**
 * docs/product-spec.md section 2: the menu layout shows neither footer nor cookie banner. Sent without JavaScript,
 * and the guest menu writes its own document (`document: true`, root.tsx): the render cache renders
 * the same component without React Router on a miss (docs/decisions/0025).
 */
export const handle = { hydrate: false, layout: 'menu', document: true };

export default function MenuLayout() {
  return <Outlet />;
}
