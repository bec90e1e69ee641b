import { Outlet, useRouteLoaderData } from 'react-router';
import { CookieBanner } from '#app/ui/consent/cookie-banner.tsx';
import { SiteFooter } from '#app/ui/site-footer.tsx';
import { SiteHeader } from '#app/ui/site-header.tsx';

/** Spec section 2: the public layout shows header and footer. */
export default function PublicLayout() {
  const contactEmail = useRouteLoaderData<{ contactEmail: string }>('root')?.contactEmail ?? '';
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <CookieBanner contactEmail={contactEmail} />
      <SiteFooter />
    </div>
  );
}
