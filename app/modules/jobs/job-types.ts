import { z } from 'zod';

/**
 * Every job type and the shape of its payload (decision 0010). A payload is checked against its
 * schema when it is enqueued and again when it runs, so a job written by an older version of the
 * code that no longer fits fails loudly (and ends up dead, visible at /admin/jobs).
 */
const OutgoingMailPayload = z.object({
  to: z.string().min(3),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z
    .array(z.object({ filename: z.string().min(1).max(100), content: z.string().max(64 * 1024), contentType: z.string().min(1).max(100) }))
    .max(3)
    .optional(),
});

const ReleasedImagePayload = z.object({ url: z.string().min(1), variants: z.string() });

export const jobPayloads = {
  /** one e-mail through the configured mailer; `contactMessageId` is marked e-mailed once it went */
  'mail.send': z.object({ mail: OutgoingMailPayload, contactMessageId: z.string().optional() }),
  /** files of images a committed change released (rows already gone) */
  'image.delete-files': z.object({ restaurantId: z.string().min(1), images: z.array(ReleasedImagePayload).min(1) }),
  /** scheduled: uploads never saved into a form, in every restaurant */
  'image.sweep': z.object({}),
  /** a Stripe webhook's work: re-sync this customer's subscriptions from Stripe (docs/decisions/0014-billing.md) */
  'billing.sync': z.object({ customerId: z.string().min(1), restaurantId: z.string().min(1).optional(), eventId: z.string().optional() }),
  /** scheduled daily: re-sync every Stripe customer that may still change, healing lost webhooks (decision 0014) */
  'billing.reconcile': z.object({}),
  /** scheduled hourly: lifecycle and dunning e-mails, each sent once (decision 0014) */
  'billing.notices': z.object({}),
  /** a menu photo's text recognized on this server (app/modules/import): the draft's rows for the review grid */
  'import.ocr': z.object({ restaurantId: z.string().min(1), draftId: z.string().min(1) }),
  /** scheduled daily: menu-photo drafts older than a day, for restaurants that never upload again */
  'import.sweep': z.object({}),
  /** "translate everything missing" for one restaurant (app/modules/translation/fill-missing.server.ts) */
  'translation.fill-missing': z.object({ restaurantId: z.string().min(1), runId: z.string().min(1) }),
  /** machine translations of one row whose Romanian changed on save, made again (app/modules/translation/source-change.server.ts) */
  'translation.refresh': z.object({
    restaurantId: z.string().min(1),
    table: z.enum(['restaurant', 'location', 'category', 'product', 'optionGroup', 'optionItem']),
    id: z.string().min(1),
  }),
  /** scheduled: translation cache rows past the 30 days of docs/product-spec.md section 9 (app/modules/translation) */
  'translation.sweep': z.object({}),
  /** scheduled daily: insights search terms still below the privacy threshold after 90 days (decision 0018) */
  'insights.sweep': z.object({}),
  /** scheduled hourly: live events past their 24 hours (app/modules/live, decision 0031) */
  'live.sweep': z.object({}),
  /** scheduled hourly: dishes and options sold out "until we open again" whose opening has come, written back available (app/modules/options, issue 35) */
  'menu.sold-out-return': z.object({}),
  /** scheduled daily: invitations that ended more than 30 days ago, with their addresses (app/modules/team) */
  'team.sweep': z.object({}),
  /** scheduled hourly: the reminder e-mail the day before an accepted reservation, sent once (decision 0032) */
  'reservations.remind': z.object({}),
  /** scheduled daily: guests' contact details on orders and reservations past their 30 days (app/modules/retention, decision 0032) */
  'retention.erase-contacts': z.object({}),
  /** scheduled: done jobs past the retention period */
  'jobs.purge': z.object({}),
  /** scheduled when BACKUP_DIR is set: a copy of the database, the oldest beyond BACKUP_KEEP deleted */
  'db.backup': z.object({}),
} as const;

export type JobType = keyof typeof jobPayloads;
/** What a caller hands `enqueueJob` for a type. */
export type JobPayloadInput<T extends JobType> = z.input<(typeof jobPayloads)[T]>;
/** What a handler receives for a type (parsed). */
export type JobPayload<T extends JobType> = z.output<(typeof jobPayloads)[T]>;

export const jobStatuses = ['pending', 'running', 'done', 'dead'] as const;

export function isJobType(type: string): type is JobType {
  return Object.hasOwn(jobPayloads, type);
}
