import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDetailsDismiss } from '#app/ui/use-details-dismiss.ts';
import { Icon } from './icons.tsx';

/** One section of the restaurant admin, as the nav links it. */
export interface AdminSection {
  to: string;
  label: string;
  /** whether the page shown is this section (product pages belong to the menu) */
  active: boolean;
}

/** Tabs in one row on a phone before "Mai mult": the menu and the next two the role has (for staff and owners, the board and the reservations). */
const PHONE_TABS = 3;

const tab = (active: boolean) =>
  `min-h-11 items-center whitespace-nowrap border-b-2 px-2 font-medium md:px-3 ${
    active ? 'border-primary-600 text-primary-800 dark:text-primary-100' : 'border-transparent text-stone-700 hover:text-stone-950 dark:text-stone-300 dark:hover:text-white'
  }`;
const moreItem = (active: boolean) =>
  `flex min-h-11 items-center rounded-lg px-3 hover:bg-stone-100 focus-visible:bg-stone-100 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800 ${active ? 'font-semibold text-primary-800 dark:text-primary-100' : ''}`;

/**
 * The admin's sections (issue 33 item 16). From 768 px every tab the role has, in rows that wrap
 * (issue 17, friction 8: nothing hidden off the side). On a phone the eleven tabs of an owner
 * wrapped to five rows before the page began, so there the first three stay in one row and the
 * rest are under "Mai mult", a native disclosure (it opens before React starts on the editor's
 * page; Escape, a click outside or a navigation closes it once React runs), marked when the page
 * shown is one of them.
 */
export function AdminNav({ sections }: { sections: readonly AdminSection[] }) {
  const { t } = useTranslation();
  const more = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(more);
  const rest = sections.slice(PHONE_TABS);
  const restActive = rest.some((section) => section.active);
  return (
    <nav aria-label={t('editor.sections')} className="mt-4 flex flex-wrap border-b border-stone-200 dark:border-stone-800">
      {sections.map((section, index) => (
        <Link
          key={section.to}
          to={section.to}
          aria-current={section.active ? 'page' : undefined}
          className={`${tab(section.active)} ${index >= PHONE_TABS ? 'hidden md:inline-flex' : 'inline-flex'}`}
        >
          {section.label}
        </Link>
      ))}
      {rest.length > 0 ? (
        <details ref={more} className="group relative md:hidden" data-admin-more>
          <summary className={`${tab(restActive)} inline-flex cursor-pointer list-none gap-1 [&::-webkit-details-marker]:hidden`}>
            {t('editor.moreSections')}
            <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
          </summary>
          <ul className="absolute right-0 top-full z-40 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-[10px] border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-800 dark:bg-stone-900">
            {rest.map((section) => (
              <li key={section.to}>
                <Link to={section.to} aria-current={section.active ? 'page' : undefined} className={moreItem(section.active)}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </nav>
  );
}
