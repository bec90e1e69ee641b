import { Outlet, useRouteLoaderData } from 'react-router';
import { CookieBanner, StaticCookieBanner } from '#app/ui/consent/cookie-banner.tsx';
import { useStaticDocument } from '#app/ui/hydration.ts';
import siteScript from '#app/ui/site-enhance.js?url';
import { SiteFooter } from '#app/ui/site-footer.tsx';
import { SiteHeader } from '#app/ui/site-header.tsx';

/**
 * docs/product-spec.md section 2: the public layout shows header and footer. The marketing pages are sent without
 * React (decision 0026): their cookie banner, privacy modal and menu's Escape are a small script.
 */
export default function PublicLayout() {
  const contactEmail = useRouteLoaderData<{ contactEmail: string }>('root')?.contactEmail ?? '';
  const isStatic = useStaticDocument();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {isStatic ? <StaticCookieBanner contactEmail={contactEmail} /> : <CookieBanner contactEmail={contactEmail} />}
      <SiteFooter />
      {isStatic ? <script src={siteScript} defer /> : null}
    </div>
  );
}
