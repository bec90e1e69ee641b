import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { deleteInboxMessage, listInbox, setMessageHandled } from '#app/modules/backoffice/messages.service.server.ts';
import { runNoticeAction } from '#app/modules/errors/action-result.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { ListSearch, ListSelect } from '#app/ui/admin/admin-list.tsx';
import { AdminPage, ConfirmAction, useAnswerToast, dangerButton, linkClass, Pager, smallButton } from '#app/ui/admin/admin-ui.tsx';
import { formatDay, formatMoment } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.messages';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.messages.title', 'backoffice.messages.title');

/** The contact inbox, newest first; opening the page marks its messages read. */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, 200);
  const show = params.get('show') === 'all' ? 'all' : 'open';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { q, show, list: await listInbox(admin, { q, show, page }) };
});

/** Mark handled, reopen, or delete (GDPR); the action checks the admin itself. */
export const action = adminRoute(async ({ request }: Route.ActionArgs, admin) => {
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('messageId') ?? '');
  return runNoticeAction(request, async (t) => {
    if (intent === 'handle' || intent === 'reopen') {
      await setMessageHandled(admin, id, intent === 'handle');
      return intent === 'handle' ? t('backoffice.messages.markedHandled') : t('backoffice.messages.reopened');
    }
    if (intent === 'delete') {
      await deleteInboxMessage(admin, id);
      return t('backoffice.messages.deleted');
    }
    throw new AppError('invalid-input');
  });
});

export default function AdminMessagesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  const lang = i18n.language;
  useAnswerToast(useActionData<typeof action>());
  return (
    <AdminPage title={t('backoffice.messages.title')}>
      <ListSearch
        label={t('backoffice.messages.searchLabel')}
        q={loaderData.q}
        selects={[
          <ListSelect
            key="show"
            label={t('backoffice.messages.show')}
            name="show"
            value={loaderData.show}
            options={[
              { value: 'open', label: t('backoffice.messages.showOpen') },
              { value: 'all', label: t('backoffice.messages.showAll') },
            ]}
          />,
        ]}
      />
      {list.items.length === 0 ? <p className="mt-6">{t('backoffice.common.none')}</p> : null}
      <ul className="mt-6 space-y-4">
        {list.items.map((m) => (
          <li key={m.id}>
            <article aria-labelledby={`message-${m.id}`} className="rounded-lg border border-stone-300 p-4 dark:border-stone-700" data-testid="contact-message">
              <h2 id={`message-${m.id}`} className="flex flex-wrap items-center gap-2 font-semibold">
                {m.unread ? <span className="rounded-full bg-primary-600 px-2 text-sm text-white">{t('backoffice.messages.new')}</span> : null}
                <span className="break-all">
                  {m.name} &lt;{m.email}&gt;
                </span>
              </h2>
              <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                {t('backoffice.messages.received')}: {formatMoment(m.createdAt, lang)}
                {m.restaurantName ? ` · ${t('backoffice.messages.restaurant')}: ${m.restaurantName}` : ''}
                {m.handledAt ? ` · ${t('backoffice.messages.handled', { date: formatDay(m.handledAt, lang) })}` : ''}
              </p>
              <p className="mt-3 whitespace-pre-line break-words">{m.message}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <a className={`${smallButton} ${linkClass} no-underline`} href={`mailto:${m.email}?subject=${encodeURIComponent(t('backoffice.messages.replySubject'))}`}>
                  {t('backoffice.messages.reply')}
                </a>
                <Form method="post">
                  <input type="hidden" name="messageId" value={m.id} />
                  <button type="submit" name="intent" value={m.handledAt ? 'reopen' : 'handle'} className={smallButton}>
                    {m.handledAt ? t('backoffice.messages.reopen') : t('backoffice.messages.markHandled')}
                  </button>
                </Form>
                <ConfirmAction
                  label={t('backoffice.messages.delete')}
                  question={t('backoffice.messages.deleteQuestion', { email: m.email })}
                  intent="delete"
                  fields={{ messageId: m.id }}
                  buttonClassName={dangerButton}
                />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <Pager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}
