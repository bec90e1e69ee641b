import { useTranslation } from 'react-i18next';
import { loadMessagePage } from '#app/modules/access/message-page.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { MessagePage } from '#app/ui/message-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/unauthorized';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'unauthorized.title', 'errors.pageForbidden'), { name: 'robots', content: 'noindex' }];

export const loader = publicRoute(({ request }: Route.LoaderArgs) => {
  return loadMessagePage(request, 'errors.pageForbidden', 403);
});

export default function UnauthorizedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <MessagePage title={t('unauthorized.title')} message={loaderData.message} />;
}
