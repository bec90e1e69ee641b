import { useTranslation } from 'react-i18next';
import { loadMessagePage } from '#app/modules/access/message-page.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { MessagePage } from '#app/ui/message-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'notFound.title', 'errors.pageNotFound'), { name: 'robots', content: 'noindex' }];

export const loader = publicRoute(({ request }: Route.LoaderArgs) => {
  return loadMessagePage(request, 'errors.pageNotFound', 404);
});

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <MessagePage title={t('notFound.title')} message={loaderData.message} />;
}
