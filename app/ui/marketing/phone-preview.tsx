import { useTranslation } from 'react-i18next';
import type { MenuPreview } from './menu-preview.ts';

/**
 * A few real dishes of the demo menu inside a phone outline, rendered on the server (no iframe:
 * the CSP forbids framing, and a frame would load the whole menu). It copies the guest menu's
 * look: name and price on one line, weight, allergens as words.
 */
export function PhonePreview({ preview, headingId }: { preview: MenuPreview; headingId: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-[22.5rem]">
      <h2 id={headingId} className="text-center text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-100">
        {t('home.preview.heading')}
      </h2>
      <div className="mt-3 rounded-[2.75rem] border-[10px] border-stone-800 bg-stone-800 shadow-xl shadow-stone-900/20 dark:border-stone-700 dark:bg-stone-700">
        <div className="overflow-hidden rounded-[2rem] bg-stone-50 pb-5 text-stone-900 dark:bg-stone-950 dark:text-stone-100" data-testid="demo-preview">
          <div aria-hidden="true" className="mx-auto mt-2 h-5 w-24 rounded-full bg-stone-800 dark:bg-stone-700" />
          <p className="px-4 pt-3 text-xl font-bold tracking-tight">{preview.restaurantName}</p>
          <div aria-hidden="true" className="mt-2 flex gap-1 overflow-hidden border-y border-stone-200 px-3 py-1.5 dark:border-stone-800">
            {preview.categories.map((category, index) => (
              <span key={category.id} className={`shrink-0 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap ${index === 0 ? 'bg-primary-700 text-white' : ''}`}>
                {category.name}
              </span>
            ))}
          </div>
          {preview.categories.map((category) => (
            <section key={category.id} className="px-3 pt-4">
              <h3 className="px-1 text-lg font-bold text-primary-700 dark:text-primary-100">{category.name}</h3>
              <ul className="mt-2 space-y-2">
                {category.dishes.map((dish) => (
                  <li key={dish.id} className="flex gap-3 rounded-[10px] border border-stone-200 bg-white p-2.5 dark:border-stone-800 dark:bg-stone-900">
                    {dish.imageUrl ? (
                      <picture className="shrink-0">
                        {dish.imageSrcSet ? <source type="image/webp" srcSet={dish.imageSrcSet} sizes="56px" /> : null}
                        <img src={dish.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" className="h-14 w-14 rounded-lg bg-stone-200 object-cover" />
                      </picture>
                    ) : null}
                    <div className="min-w-0 flex-1">
                      <div className="flex items-baseline justify-between gap-2">
                        <p className="leading-snug font-semibold">{dish.name}</p>
                        <p className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
                          <span className="sr-only">{`${t('menu.price')}: `}</span>
                          {dish.price}
                        </p>
                      </div>
                      {dish.weightValue && dish.weightUnit ? (
                        <p className="text-sm text-stone-600 dark:text-stone-400">
                          <span className="sr-only">{`${t('menu.weight')}: `}</span>
                          {`${dish.weightValue} ${t(`menu.unit.${dish.weightUnit}`)}`}
                        </p>
                      ) : null}
                      {dish.allergens.length > 0 ? (
                        <p className="mt-1 text-sm">
                          <span className="font-semibold">{`${t('menu.allergens')}: `}</span>
                          {dish.allergens.map((key) => t(`allergen.${key}`)).join(', ')}
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {preview.moreCount > 0 ? (
            <p className="px-4 pt-3 text-center text-sm text-stone-600 dark:text-stone-400">{t('home.preview.more', { count: preview.moreCount })}</p>
          ) : null}
          <div className="px-4 pt-3">
            {/* the guest menu ships no React, so it is opened as a document, not a client navigation */}
            <a href={`/${preview.slug}`} className="flex min-h-11 items-center justify-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
              {t('home.preview.open')}
            </a>
          </div>
        </div>
      </div>
      <p className="mt-4 text-center text-stone-700 dark:text-stone-300">{t('home.preview.lead')}</p>
    </div>
  );
}
