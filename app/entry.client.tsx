import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import type { ClientInstrumentation } from 'react-router';
import { clientI18n, loadNamespacesFor, startPageI18n } from './i18n/i18n-client.ts';
import { PageCatalogueContext, setPageI18n } from './i18n/page-i18n.ts';

// the page's own language and namespaces, from its document (issue 26: not every catalogue in the bundle)
const { locale, json } = startPageI18n();
setPageI18n(clientI18n);

// a client navigation into another area waits for that area's namespace files before it renders
const instrumentations: ClientInstrumentation[] = [
  {
    router(router) {
      router.instrument({
        async navigate(handler, info) {
          if (typeof info.to === 'string') {
            const pathname = new URL(info.to, window.location.href).pathname;
            await loadNamespacesFor(pathname, locale).catch(() => undefined);
          }
          await handler();
        },
      });
    },
  },
];

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <PageCatalogueContext value={json}>
        <HydratedRouter instrumentations={instrumentations} />
      </PageCatalogueContext>
    </StrictMode>,
  );
});
