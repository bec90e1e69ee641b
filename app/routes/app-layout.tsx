import { Outlet } from 'react-router';
import { SiteHeader } from '#app/ui/site-header.tsx';

/** Signed-in areas (layout "not shown" in the spec): the header without the marketing footer. */
export default function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader showAccountButtons={false} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
