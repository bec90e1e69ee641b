import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '#app/db/schema.ts';
import { getEnv, getProPricing, type ProPricing } from '#app/env.server.ts';
import { LOCALES } from '#app/i18n/i18n.ts';
import { getLocalePolicy, setLocalePolicy } from '#app/i18n/locale-policy.ts';
import { assertAdmin, withDb, type AdminScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { nextRowVersion } from '#app/modules/editing/menu-rules.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { readAppConfig, writeAppConfig } from './platform-settings.repo.server.ts';

/**
 * The app config of docs/product-spec.md section 3 (settings/app_config: defaultLocale, availableLocales) and the
 * operator settings an admin may change without a restart (the prices /pricing shows, the contact
 * address). The environment gives the defaults; a stored value wins when set.
 *
 * The app may run as several processes over one database, so a stored value cannot live in one
 * process's memory: each process keeps a snapshot and re-reads the one row when the snapshot is
 * older than SETTINGS_TTL_MS (root middleware and the menu cache ask on every request; at most one
 * indexed read per process per TTL). The process that saves a change applies it at once; the
 * others follow within the TTL (docs/decisions/0017-back-office.md).
 */
export const SETTINGS_TTL_MS = 5_000;
const RETRY_MS = 1_000;

interface OperatorSettings {
  contactEmail: string | null;
  priceMonthlyMinor: number | null;
  priceYearlyMinor: number | null;
  priceCurrency: string | null;
}

const NONE: OperatorSettings = { contactEmail: null, priceMonthlyMinor: null, priceYearlyMinor: null, priceCurrency: null };

let operator: OperatorSettings = NONE;
let loadedAt = -Infinity;
let loading: Promise<void> | undefined;

type StoredRow = NonNullable<Awaited<ReturnType<typeof readAppConfig>>>;

function apply(row: StoredRow | undefined): void {
  if (!row) {
    setLocalePolicy({ defaultLocale: 'ro', availableLocales: LOCALES });
    operator = NONE;
    return;
  }
  let available: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.availableLocales);
    if (Array.isArray(parsed)) available = parsed.filter((value): value is string => typeof value === 'string');
  } catch {
    // a broken stored list falls back to the built-in policy (setLocalePolicy refuses it)
  }
  setLocalePolicy({ defaultLocale: row.defaultLocale, availableLocales: available });
  operator = { contactEmail: row.contactEmail, priceMonthlyMinor: row.priceMonthlyMinor, priceYearlyMinor: row.priceYearlyMinor, priceCurrency: row.priceCurrency };
}

/**
 * Re-reads the stored settings when this process's snapshot is older than the TTL (concurrent
 * callers share one read). A database that cannot be read keeps the last snapshot.
 */
export async function refreshPlatformSettings(db: Kysely<Database>, now: number = Date.now()): Promise<void> {
  if (now - loadedAt < SETTINGS_TTL_MS) return;
  loading ??= readAppConfig(db)
    .then((row) => {
      apply(row);
      loadedAt = Date.now();
    })
    .catch(() => {
      // the database is unreachable: the last snapshot stays (pages that need the database answer
      // 503 themselves), and the next request in a second tries again
      loadedAt = Date.now() - SETTINGS_TTL_MS + RETRY_MS;
    })
    .finally(() => {
      loading = undefined;
    });
  await loading;
}

/** Forgets the snapshot (tests; a process that must read afresh). */
export function invalidatePlatformSettings(): void {
  loadedAt = -Infinity;
}

/** Where contact messages go and the site shows as its address: the stored one, else CONTACT_EMAIL. */
export function getContactEmail(): string {
  return operator.contactEmail ?? getEnv().CONTACT_EMAIL;
}

/** The PRO prices /pricing shows: stored ones, else PRO_PRICE_MONTHLY / PRO_PRICE_YEARLY / PRICE_CURRENCY. */
export function getPlatformPricing(): ProPricing {
  const env = getProPricing();
  return {
    monthlyMinor: operator.priceMonthlyMinor ?? env.monthlyMinor,
    yearlyMinor: operator.priceYearlyMinor ?? env.yearlyMinor,
    currency: operator.priceCurrency ?? env.currency,
  };
}

const money = z
  .string()
  .trim()
  .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'price')
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.replace(',', '.').split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .refine((minor) => minor > 0, 'price');

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** The settings form: locales (at least one, the default among them), and optional operator overrides (empty: the environment's value). */
export const platformSettingsSchema = z
  .object({
    defaultLocale: z.enum(LOCALES, { error: 'defaultLocale' }),
    availableLocales: z.array(z.enum(LOCALES, { error: 'availableLocales' })).min(1, 'availableLocales'),
    contactEmail: optional(z.email('contactEmail')),
    priceMonthly: optional(money),
    priceYearly: optional(money),
    priceCurrency: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), 'priceCurrency'),
    ),
  })
  .refine((value) => value.availableLocales.includes(value.defaultLocale), { path: ['defaultLocale'], message: 'defaultNotAvailable' });

export interface PlatformSettingsView {
  defaultLocale: string;
  availableLocales: string[];
  stored: { contactEmail: string | null; priceMonthlyMinor: number | null; priceYearlyMinor: number | null; priceCurrency: string | null };
  defaults: { contactEmail: string; priceMonthlyMinor: number; priceYearlyMinor: number; priceCurrency: string };
  ttlSeconds: number;
  /** what the form's save must send back: the row's updatedAt, or NO_CONFIG while there is none (decision 0015) */
  version: string;
}

/** The settings form's version while no row is stored yet (a database that lost it). */
const NO_CONFIG = 'none';

/** What the settings page shows: the stored values and the environment's defaults under them. */
export async function getPlatformSettings(scope: AdminScope): Promise<PlatformSettingsView> {
  assertAdmin(scope);
  const row = await readAppConfig(scope.db);
  apply(row);
  loadedAt = Date.now();
  const env = getProPricing();
  const policy = getLocalePolicy();
  return {
    defaultLocale: policy.defaultLocale,
    availableLocales: [...policy.availableLocales],
    stored: operator,
    defaults: { contactEmail: getEnv().CONTACT_EMAIL, priceMonthlyMinor: env.monthlyMinor, priceYearlyMinor: env.yearlyMinor, priceCurrency: env.currency },
    ttlSeconds: SETTINGS_TTL_MS / 1000,
    version: row?.updatedAt ?? NO_CONFIG,
  };
}

/**
 * Saves the app config (validated: throws the ZodError for the form) in one transaction with its
 * audit row, and applies it to this process at once. `expectedVersion` is the version the form was
 * loaded at: absent or stale (another admin saved since), it is refused ('stale-edit'), nothing written.
 */
export async function updatePlatformSettings(scope: AdminScope, input: unknown, expectedVersion: string | undefined, now: Date = new Date()): Promise<void> {
  assertAdmin(scope);
  const value = platformSettingsSchema.parse(input);
  const next = {
    defaultLocale: value.defaultLocale,
    availableLocales: JSON.stringify(LOCALES.filter((l) => value.availableLocales.includes(l))),
    contactEmail: value.contactEmail ?? null,
    priceMonthlyMinor: value.priceMonthly ?? null,
    priceYearlyMinor: value.priceYearly ?? null,
    priceCurrency: value.priceCurrency ?? null,
  };
  const row = await scope.db.transaction().execute(async (trx) => {
    const before = await readAppConfig(trx);
    if (expectedVersion !== (before?.updatedAt ?? NO_CONFIG)) throw new AppError('stale-edit');
    const updatedAt = before ? nextRowVersion(before.updatedAt, now) : now.toISOString();
    if (!(await writeAppConfig(trx, { ...next, updatedAt }, before?.updatedAt ?? null))) throw new AppError('stale-edit');
    const { updatedAt: _before, ...was } = before ?? { updatedAt: null };
    await recordAudit(withDb(scope, trx), { action: 'settings.update', target: { type: 'appConfig', id: 'app_config' }, before: was, after: next });
    return readAppConfig(trx);
  });
  apply(row);
  loadedAt = Date.now();
}
