import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Not-found and unauthorized: a heading, the message the redirect carried, a way home. */
export function MessagePage({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-stone-700 dark:text-stone-300" data-testid="page-message">
        {message}
      </p>
      <Link to="/" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700">
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
