import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { restaurantUserRoute } from '#app/modules/access/route-guards.server.ts';
import { listMyRestaurants } from '#app/modules/account/restaurants.service.server.ts';
import { primaryButton } from '#app/ui/editor/fields.tsx';
import { NEW_RESTAURANT_PATH } from '#app/ui/restaurants/restaurant-paths.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurants';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'restaurants.chooser.title', 'restaurants.chooser.description'),
  { name: 'robots', content: 'noindex' },
];

/**
 * The chooser (decision 0029): every restaurant the user is a member of, with their role there,
 * and "Adaugă un restaurant". Sign-in lands here for a member of several restaurants without a
 * usable last one, and for a user with none (removed from their only team). Platform admins are
 * members of no restaurant: they are refused, as on every restaurant page.
 */
export const loader = restaurantUserRoute(async (_args: Route.LoaderArgs, { scope }) => {
  return { restaurants: await listMyRestaurants(scope) };
});

// i18n-keys: team.roles.*
export default function RestaurantsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { restaurants } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('restaurants.chooser.title')}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t(restaurants.length > 0 ? 'restaurants.chooser.lead' : 'restaurants.chooser.empty')}</p>
      {restaurants.length > 0 ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {restaurants.map((restaurant) => (
            <li key={restaurant.id}>
              <Link
                to={`/${restaurant.slug}/admin`}
                className="flex min-h-11 h-full flex-col rounded-[10px] border border-stone-200 bg-white p-4 hover:border-primary-600 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-primary-100"
              >
                <span className="break-words text-lg font-semibold">{restaurant.name}</span>
                <span className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('restaurants.chooser.role', { role: t(`team.roles.${restaurant.role}`) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-8">
        <Link to={NEW_RESTAURANT_PATH} className={primaryButton}>
          <span aria-hidden="true">+</span>
          {t('restaurants.add')}
        </Link>
      </p>
    </div>
  );
}
