import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, useActionData, useNavigation } from 'react-router';
import { resolveAuthSecret } from '#app/auth/auth-secret.server.ts';
import { requestInfoContext } from '#app/context.ts';
import { getDb } from '#app/db/db.server.ts';
import { getEnv } from '#app/env.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { getContactEmail } from '#app/modules/platform/platform-settings.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { ContactInput } from '#app/modules/contact/contact.schema.ts';
import { contactClientKey, submitContactMessage } from '#app/modules/contact/contact.service.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'contact.title', 'contact.description');

/** One text per field: its error, or what the guest typed in it. */
type FieldTexts = Partial<Record<'name' | 'email' | 'restaurantName' | 'message', string>>;

/** What the guest typed, handed back on a refusal so the form (with or without JavaScript) keeps it. */
function typedValues(values: Record<string, FormDataEntryValue>): FieldTexts {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  return { name: text('name'), email: text('email'), restaurantName: text('restaurantName'), message: text('message') };
}

// i18n-keys: contactErrors.*
/** The contact form: validated, rate limited per sender, stored, e-mailed to the contact address (app config, else CONTACT_EMAIL; through the job queue). */
export const action = publicRoute(async ({ request, context }: Route.ActionArgs) => {
  const locale = getRequestLocale(request);
  const { t } = getI18n(locale);
  const values = Object.fromEntries(await request.formData());
  const parsed = ContactInput.safeParse(values);
  if (!parsed.success) {
    const errors: FieldTexts = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof FieldTexts;
      errors[field] ??= t(`contactErrors.${issue.message}`);
    }
    return data({ sent: false, errors, failed: undefined, values: typedValues(values) }, { status: 400 });
  }
  const env = getEnv();
  const clientKey = contactClientKey(context.get(requestInfoContext).clientIp, resolveAuthSecret(env));
  const result = await submitContactMessage(getDb(), parsed.data, { clientKey, locale, to: getContactEmail() });
  if (!result.ok) {
    const tooMany = result.error === 'too-many-requests';
    return data(
      { sent: false, errors: {} as FieldTexts, failed: tooMany ? t('identityErrors.too-many-requests') : t('contact.failed'), values: typedValues(values) },
      { status: tooMany ? 429 : 503 },
    );
  }
  return { sent: true, errors: {} as FieldTexts, failed: undefined, values: {} as FieldTexts };
});

const input =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 aria-[invalid=true]:border-primary-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const id = `contact-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function ContactPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  // after a successful send the form starts empty; after a failure it keeps what was typed
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (result?.sent) {
      toast({ message: t('contact.sent') });
      setFormKey((key) => key + 1);
    } else if (result?.failed) {
      toast({ message: result.failed, type: 'error' });
    }
  }, [result, toast, t]);
  const errors = result?.errors ?? {};
  const typed = result?.values ?? {};
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('contact.title')}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t('contact.description')}</p>
      <Form key={formKey} method="post" className="mt-8 space-y-5" noValidate>
        <Field name="name" label={t('contact.name')} error={errors.name}>
          {(props) => <input {...props} name="name" defaultValue={typed.name} autoComplete="name" required maxLength={100} className={input} />}
        </Field>
        <Field name="email" label={t('contact.email')} error={errors.email}>
          {(props) => <input {...props} name="email" type="email" defaultValue={typed.email} autoComplete="email" required className={input} />}
        </Field>
        <Field name="restaurantName" label={t('contact.restaurant')} error={errors.restaurantName}>
          {(props) => <input {...props} name="restaurantName" defaultValue={typed.restaurantName} autoComplete="organization" maxLength={100} className={input} />}
        </Field>
        <Field name="message" label={t('contact.message')} error={errors.message}>
          {(props) => <textarea {...props} name="message" defaultValue={typed.message} required rows={6} maxLength={5000} className={`${input} py-2`} />}
        </Field>
        <div aria-hidden="true" className="absolute -left-[9999px]">
          <label>
            {t('contact.honeypot')}
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button
          type="submit"
          disabled={navigation.state === 'submitting'}
          className="min-h-12 w-full rounded-lg bg-primary-600 px-4 text-lg font-semibold text-white hover:bg-primary-700 disabled:opacity-70"
        >
          {t('contact.send')}
        </button>
      </Form>
    </div>
  );
}
