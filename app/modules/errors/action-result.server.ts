import { data } from 'react-router';
import { z } from 'zod';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { isAppError } from './app-error.ts';

import type { ActionResult, FieldErrors } from './action-result.ts';

type Translate = ReturnType<typeof getI18n>['t'];

// i18n-keys: editorErrors.*
/** Zod issues as one translated message per field (`editorErrors.<code>`, with the issue's limits). */
export function fieldErrorsOf(error: z.ZodError, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const params = { ...('params' in issue ? (issue.params as object) : {}), ...('maximum' in issue ? { max: Number(issue.maximum) } : {}) };
    errors[field] ??= t(`editorErrors.${issue.message}`, params);
  }
  return errors;
}

// i18n-keys: appErrors.*
/**
 * Runs one editor action and maps its outcome: the success message, or bad input as a 4xx with
 * translated messages (field by field for a form, one line for a rule such as the plan limit),
 * handing back what was typed so nothing is lost. Anything else is a real failure and propagates.
 */
export async function runEditorAction(request: Request, values: Record<string, unknown>, work: (t: Translate) => Promise<{ message: string; id?: string; secret?: string }>) {
  const { t } = getI18n(getRequestLocale(request));
  try {
    const result = await work(t);
    return data<ActionResult>({ ok: true, ...result });
  } catch (error) {
    if (error instanceof z.ZodError) {
      return data<ActionResult>({ ok: false, error: t('editor.fixErrors'), fieldErrors: fieldErrorsOf(error, t), values }, { status: 400 });
    }
    if (isAppError(error)) {
      const message = t(`appErrors.${error.code}`, error.params);
      return data<ActionResult>({ ok: false, error: message, code: error.code, fieldErrors: error.field ? { [error.field]: message } : {}, values }, { status: error.status });
    }
    throw error;
  }
}

/** What an admin page's action answers: a notice shown as a toast, or an error shown on the page. */
export type NoticeResult = { error: string | undefined; notice: string | undefined };

/**
 * Runs one admin action: its notice on success, an AppError as its translated message with the
 * error's status. Anything else is a real failure and propagates.
 */
export async function runNoticeAction(request: Request, work: (t: Translate) => Promise<string>) {
  const { t } = getI18n(getRequestLocale(request));
  try {
    return data<NoticeResult>({ error: undefined, notice: await work(t) });
  } catch (error) {
    if (isAppError(error)) return data<NoticeResult>({ error: t(`appErrors.${error.code}`, error.params), notice: undefined }, { status: error.status });
    throw error;
  }
}
