import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { InvitationView } from '#app/modules/team/team.types.ts';
import { FormMessages } from '#app/ui/form-messages.tsx';

const input = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';
const primaryButton =
  'inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-primary-600 px-4 text-lg font-semibold text-white hover:bg-primary-700 disabled:opacity-70';
const secondaryButton =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-stone-400 px-4 font-semibold text-stone-900 hover:bg-stone-100 dark:border-stone-600 dark:text-stone-100 dark:hover:bg-stone-800';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 space-y-4 border-t border-stone-200 pt-6 dark:border-stone-800">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function SignOut() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-6">
      <button type="submit" name="intent" value="sign-out" className={secondaryButton}>
        {t('invitation.signOut')}
      </button>
    </Form>
  );
}

export interface InvitationCardProps {
  view: Extract<InvitationView, { ok: true }>;
  /** the page's own path, where signing in comes back to */
  path: string;
  current: string | null;
  passwordHint: string;
  minPasswordLength: number;
  error: string | undefined;
  name: string;
  busy: boolean;
}

// i18n-keys: team.roles.* team.roleHelp.*
/**
 * An invitation's page (decision 0029): the restaurant, the role and who invited; then what the
 * viewer can do: accept (the invited address), sign in or register (nobody signed in), sign out
 * (another account, a platform admin), open the restaurant (already a member) or, for a member the
 * invitation was not addressed to, be told it is someone else's (issue 33 item 14).
 */
export function InvitationCard({ view, path, current, passwordHint, minPasswordLength, error, name, busy }: InvitationCardProps) {
  const { t } = useTranslation();
  const values = { restaurant: view.restaurantName, inviter: view.inviter ?? '' };
  let body: ReactNode;
  switch (view.viewer) {
    case 'invitee':
      body = (
        <Form method="post" className="mt-6">
          <button type="submit" name="intent" value="accept" disabled={busy} className={primaryButton}>
            {t('invitation.accept')}
          </button>
        </Form>
      );
      break;
    case 'member':
      body = (
        <>
          <p className="mt-6 font-medium">{t('invitation.member')}</p>
          <Link to={`/${view.slug}/admin`} className={`mt-4 ${primaryButton}`}>
            {t('invitation.open')}
          </Link>
        </>
      );
      break;
    case 'other-member':
      body = (
        <>
          <p role="alert" className="mt-6 rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
            {t('invitation.otherMember', { current, email: view.email, role: view.viewerRole ? t(`team.roles.${view.viewerRole}`) : '' })}
          </p>
          <Link to={`/${view.slug}/admin/team`} className={`mt-4 ${primaryButton}`}>
            {t('invitation.openTeam')}
          </Link>
        </>
      );
      break;
    case 'other-account':
    case 'admin':
      body = (
        <>
          <p role="alert" className="mt-6 rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
            {view.viewer === 'admin' ? t('invitation.admin') : t('invitation.otherAccount', { current, email: view.email })}
          </p>
          <SignOut />
        </>
      );
      break;
    default:
      body = (
        <>
          <Panel title={t('invitation.signInTitle')}>
            <Link to={`/login?redirect=${encodeURIComponent(path)}`} className={secondaryButton}>
              {t('invitation.signIn')}
            </Link>
          </Panel>
          <Panel title={t('invitation.registerTitle')}>
            <Form method="post" className="space-y-5">
              <label className="block font-medium">
                {t('invitation.name')}
                <input name="name" required minLength={2} maxLength={100} autoComplete="name" defaultValue={name} className={input} />
              </label>
              <label className="block font-medium">
                {t('invitation.password')}
                <input name="password" type="password" required minLength={minPasswordLength} autoComplete="new-password" className={input} />
                <span className="mt-1 block text-sm font-normal text-stone-600 dark:text-stone-400">{t('auth.passwordHint', { rules: passwordHint })}</span>
              </label>
              <button type="submit" name="intent" value="register" disabled={busy} className={primaryButton}>
                {t('invitation.register')}
              </button>
            </Form>
          </Panel>
        </>
      );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('invitation.title')}</h1>
      <p className="mt-4 text-lg">{view.inviter ? t('invitation.lead', values) : t('invitation.leadNoInviter', values)}</p>
      {/* "your role" only to whoever may be the person invited; anyone else reads the role it offers */}
      <p className="mt-2 font-semibold">
        {t(view.viewer === 'guest' || view.viewer === 'invitee' ? 'invitation.role' : 'invitation.roleOffered', { role: t(`team.roles.${view.role}`) })}
      </p>
      <p className="mt-1 text-stone-700 dark:text-stone-300">{t(`team.roleHelp.${view.role}`)}</p>
      <p className="mt-2 break-all text-stone-700 dark:text-stone-300">{t('invitation.forEmail', { email: view.email })}</p>
      <FormMessages error={error} />
      {body}
    </div>
  );
}

/** A link that no longer works: why, and the way home. */
export function InvitationInvalid({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('invitation.invalidTitle')}</h1>
      <p role="alert" className="mt-6 rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
        {message}
      </p>
      <Link to="/" className={`mt-6 ${secondaryButton}`}>
        {t('invitation.home')}
      </Link>
    </div>
  );
}
