import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role } from '#app/modules/access/policy.ts';
import { Icon } from '#app/ui/editor/icons.tsx';
import { useDetailsDismiss } from '#app/ui/use-details-dismiss.ts';
import { NEW_RESTAURANT_PATH, RESTAURANTS_PATH } from './restaurant-paths.ts';

/** One of the user's restaurants, as the switcher lists it. */
export interface SwitcherRestaurant {
  id: string;
  name: string;
  slug: string;
  role: Role;
}

const item = 'flex min-h-11 items-center gap-2 rounded-lg px-3 py-1 hover:bg-stone-100 focus-visible:bg-stone-100 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800';

// i18n-keys: team.roles.*
/**
 * The admin header's restaurant switcher (issue 24): a native disclosure, so it opens and closes
 * with Enter or Space and its links are reached with Tab, announced as a button with its state.
 * It lists the user's restaurants with their role there (the open one marked), "Toate
 * restaurantele" and "Adaugă un restaurant"; Escape, a click outside or going elsewhere closes it.
 */
export function RestaurantSwitcher({ currentSlug, restaurants }: { currentSlug: string; restaurants: readonly SwitcherRestaurant[] }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(details);
  return (
    <details ref={details} className="group relative" data-restaurant-switcher>
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-stone-300 px-3 font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800 [&::-webkit-details-marker]:hidden">
        {t('restaurants.switcher.label')}
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="absolute left-0 top-full z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-[10px] border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-800 dark:bg-stone-900">
        <ul aria-label={t('restaurants.chooser.listLabel')}>
          {restaurants.map((restaurant) => {
            const current = restaurant.slug === currentSlug;
            return (
              <li key={restaurant.id}>
                <Link to={`/${restaurant.slug}/admin`} aria-current={current ? 'true' : undefined} className={`${item} ${current ? 'font-semibold' : ''}`}>
                  <span className="min-w-0 flex-1">
                    <span className="block break-words">{restaurant.name}</span>
                    <span className="block text-sm font-normal text-stone-600 dark:text-stone-400">
                      {t(`team.roles.${restaurant.role}`)}
                      {current ? ` · ${t('restaurants.switcher.current')}` : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-2 border-t border-stone-200 pt-2 dark:border-stone-800">
          <Link to={RESTAURANTS_PATH} className={item}>
            {t('restaurants.all')}
          </Link>
          <Link to={NEW_RESTAURANT_PATH} className={`${item} font-semibold text-primary-700 dark:text-primary-100`}>
            <Icon name="plus" className="size-4" />
            {t('restaurants.add')}
          </Link>
        </div>
      </div>
    </details>
  );
}
