import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { runNoticeAction } from '#app/modules/errors/action-result.server.ts';
import { jobStatuses } from '#app/modules/jobs/job-types.ts';
import { countJobs, listJobs, retryJob, type JobListItem } from '#app/modules/jobs/jobs-admin.server.ts';
import { AdminPage, ScrollTable, smallButton, td, th } from '#app/ui/admin/admin-ui.tsx';
import { FormMessages } from '#app/ui/form-messages.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import { useNoticeToast } from '#app/ui/toast/toast-provider.tsx';
import type { Route } from './+types/admin.jobs';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'adminJobs.title', 'adminJobs.title');

/** Queue depth per status, the dead jobs and the ones being retried (decision 0010). */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const locale = getRequestLocale(request);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });
  const shown = (job: JobListItem) => ({ ...job, updatedAt: `${when.format(new Date(job.updatedAt))} UTC`, runAt: `${when.format(new Date(job.runAt))} UTC` });
  const [counts, dead, retrying] = await Promise.all([countJobs(admin), listJobs(admin, { status: 'dead' }), listJobs(admin, { status: 'pending', failedOnly: true })]);
  return { counts, dead: dead.map(shown), retrying: retrying.map(shown) };
});

/** Retry a dead job; the action checks the admin itself. */
export const action = adminRoute(async ({ request }: Route.ActionArgs, admin) => {
  const form = await request.formData();
  return runNoticeAction(request, async (t) => {
    await retryJob(admin, String(form.get('jobId') ?? ''));
    return t('adminJobs.retried');
  });
});

function JobTable({ jobs, retry, label }: { jobs: Route.ComponentProps['loaderData']['dead']; retry: boolean; label: string }) {
  const { t } = useTranslation();
  if (jobs.length === 0) return <p className="mt-4">{t('adminJobs.none')}</p>;
  return (
    <ScrollTable label={label}>
      <table className="w-full min-w-[48rem]">
        <thead>
          <tr className="border-b border-stone-300 dark:border-stone-700">
            <th scope="col" className={th}>
              {t('adminJobs.type')}
            </th>
            <th scope="col" className={th}>
              {t('adminJobs.attempts')}
            </th>
            <th scope="col" className={th}>
              {t('adminJobs.error')}
            </th>
            <th scope="col" className={th}>
              {retry ? t('adminJobs.updatedAt') : t('adminJobs.nextRun')}
            </th>
            {retry ? (
              <th scope="col" className={th}>
                <span className="sr-only">{t('adminJobs.retry')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} className="border-b border-stone-200 dark:border-stone-800">
              <td className={`${td} font-mono text-sm`}>{job.type}</td>
              <td className={td}>
                {job.attempts} / {job.maxAttempts}
              </td>
              <td className={`${td} break-words font-mono text-sm`}>{job.lastError ?? '–'}</td>
              <td className={td}>{retry ? job.updatedAt : job.runAt}</td>
              {retry ? (
                <td className={td}>
                  <Form method="post">
                    <input type="hidden" name="jobId" value={job.id} />
                    <button type="submit" aria-label={`${t('adminJobs.retry')}: ${job.type}`} className={smallButton}>
                      {t('adminJobs.retry')}
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

// i18n-keys: adminJobs.status-*
export default function AdminJobsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  useNoticeToast(result);
  return (
    <AdminPage title={t('adminJobs.title')}>
      <FormMessages error={result?.error} />
      <h2 className="mt-8 text-xl font-semibold">{t('adminJobs.depth')}</h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {jobStatuses.map((status) => (
          <div key={status} className="rounded-lg border border-stone-300 p-4 dark:border-stone-700">
            <dt>{t(`adminJobs.status-${status}`)}</dt>
            <dd className="text-2xl font-semibold">{loaderData.counts[status]}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-8 text-xl font-semibold">{t('adminJobs.dead')}</h2>
      <JobTable jobs={loaderData.dead} retry label={t('adminJobs.dead')} />
      <h2 className="mt-8 text-xl font-semibold">{t('adminJobs.retrying')}</h2>
      <JobTable jobs={loaderData.retrying} retry={false} label={t('adminJobs.retrying')} />
    </AdminPage>
  );
}
