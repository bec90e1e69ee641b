import { Outlet, useRouteLoaderData } from 'react-router';
import { CookieBanner } from '#app/ui/consent/cookie-banner.tsx';
import { SiteHeader } from '#app/ui/site-header.tsx';

/** Signed-in areas (layout "not shown" in docs/product-spec.md section 2): the header without the marketing footer. */
export default function AppLayout() {
  const contactEmail = useRouteLoaderData<{ contactEmail: string }>('root')?.contactEmail ?? '';
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader showAccountButtons={false} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <CookieBanner contactEmail={contactEmail} />
    </div>
  );
}
