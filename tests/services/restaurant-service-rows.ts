import { changeOwnName } from '#app/modules/account/account-name.service.server.ts';
import { changeOwnPassword, requestOwnEmailChange } from '#app/modules/account/account-security.service.server.ts';
import { deleteAccount } from '#app/modules/account/account-data.service.server.ts';
import { getCardDetails, getCardSubscription } from '#app/modules/billing/billing-card.server.ts';
import { openPortal, rememberOwnerLocale, startCheckout } from '#app/modules/billing/billing-checkout.server.ts';
import { existingDishKeys } from '#app/modules/import/existing-dishes.server.ts';
import { exportMenu, menuRows } from '#app/modules/import/export.service.server.ts';
import { commitImport } from '#app/modules/import/import-commit.server.ts';
import { getImportDraft, runOcrDraft, startPhotoImport } from '#app/modules/import/import-drafts.server.ts';
import { getImportLocations, previewImport, startImport } from '#app/modules/import/import.service.server.ts';
import { getInsights } from '#app/modules/insights/insights.service.server.ts';
import { renderPrintDocument } from '#app/modules/print/print.service.server.ts';
import { getQrData, getQrPage, renderQrDownload } from '#app/modules/qr/qr.service.server.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { getRestaurantAdminSummary, getRestaurantSettings, updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { ORDERING_SERVICE_ROWS } from './ordering-service-rows.ts';
import { PRINTING_SERVICE_ROWS } from './printing-service-rows.ts';
import { RESERVATION_SERVICE_ROWS } from './reservation-service-rows.ts';
import { TEAM_SERVICE_ROWS } from './team-service-rows.ts';
import { getPlanForRestaurant, readPlanStatus, startTrial } from '#app/modules/subscription/subscription.service.server.ts';
import { AddTablesInput } from '#app/modules/tables/tables.schema.ts';
import { addDiningTables, getTablesPage, removeDiningTable, renderTableCards } from '#app/modules/tables/tables.service.server.ts';
import { ContentSettingsInput, getContentSettings, getContentSettingsForm, updateContentSettings } from '#app/modules/translation/content-settings.service.server.ts';
import { fieldTranslationInput, getFieldTranslations, saveFieldTranslation, translateFieldNow } from '#app/modules/translation/field-translation.server.ts';
import { getTranslationProgress, runFillMissing, startFillMissing } from '#app/modules/translation/fill-missing.server.ts';
import { runTranslationPanelAction } from '#app/modules/translation/panel-action.server.ts';
import { noteContentSave, runRefresh } from '#app/modules/translation/source-change.server.ts';
import type { ServiceRow } from './service-matrix.ts';

/**
 * The restaurant's other services (import and export, print, QR and tables, insights, billing,
 * the plan, settings, translations, one's own account page) with the permission each checks
 * first (decision 0029) and a call for restaurant A.
 */

const csv = (text: string) => ({ bytes: new TextEncoder().encode(text), name: 'meniu.csv' });
const MENU_CSV = 'Denumire,Preț\nSarmale,32\n';
const ORIGIN = { origin: 'http://localhost:3000', locale: 'ro' as const };
const settings = (slug: string) => RestaurantSettingsInput.parse({ name: 'Restaurant nou', slug, currency: 'RON', timeZone: 'Europe/Bucharest' });
const policy = { minLength: 8, requireLowercase: false, requireUppercase: false, requireDigit: false, requireSymbol: false };
const I = 'import/';
const T = 'translation/';

export const RESTAURANT_SERVICE_ROWS: ServiceRow[] = [
  // import, export, print: menu.import
  { service: `${I}import.service.server.ts#getImportLocations`, permission: 'menu.import', namesRows: false, call: (s) => getImportLocations(s) },
  { service: `${I}import.service.server.ts#previewImport`, permission: 'menu.import', call: (s, w) => previewImport(s, csv(MENU_CSV), { locationId: w.a.locationId }) },
  { service: `${I}import.service.server.ts#startImport`, permission: 'menu.import', call: (s, w) => startImport(s, csv(MENU_CSV), { locationId: w.a.locationId }) },
  {
    service: `${I}import-commit.server.ts#commitImport`,
    permission: 'menu.import',
    call: (s, w) => commitImport(s, w.storage, { locationId: w.a.locationId, rows: [{ nameRo: 'Sarmale', price: '32' }] }),
  },
  { service: `${I}import-drafts.server.ts#startPhotoImport`, permission: 'menu.import', namesRows: false, call: (s) => startPhotoImport(s, new Uint8Array([0xff, 0xd8, 0xff])) },
  { service: `${I}import-drafts.server.ts#runOcrDraft`, permission: 'menu.import', call: (s, w) => runOcrDraft(s, w.a.ocrDraftId, async () => ['Sarmale 32']) },
  { service: `${I}import-drafts.server.ts#getImportDraft`, permission: 'menu.import', call: (s, w) => getImportDraft(s, w.a.draftId, { locationId: w.a.locationId }) },
  { service: `${I}existing-dishes.server.ts#existingDishKeys`, permission: 'menu.import', call: (s, w) => existingDishKeys(s, w.a.locationId) },
  { service: `${I}export.service.server.ts#menuRows`, permission: 'menu.import', call: (s, w) => menuRows(s, w.a.locationId) },
  { service: `${I}export.service.server.ts#exportMenu`, permission: 'menu.import', call: (s, w) => exportMenu(s, 'csv', { locationId: w.a.locationId, slug: w.a.slug }) },
  {
    service: 'print/print.service.server.ts#renderPrintDocument',
    permission: 'menu.import',
    call: (s, w) => renderPrintDocument(s, 'allergens', { locationId: w.a.locationId, locale: 'ro' }),
  },

  // the QR code and tables: qr.manage
  { service: 'qr/qr.service.server.ts#getQrData', permission: 'qr.manage', namesRows: false, call: (s) => getQrData(s) },
  { service: 'qr/qr.service.server.ts#getQrPage', permission: 'qr.manage', namesRows: false, call: (s) => getQrPage(s, ORIGIN) },
  { service: 'qr/qr.service.server.ts#renderQrDownload', permission: 'qr.manage', namesRows: false, call: (s, w) => renderQrDownload(s, w.storage, 'qr.svg', ORIGIN) },
  { service: 'tables/tables.service.server.ts#getTablesPage', permission: 'qr.manage', namesRows: false, call: (s) => getTablesPage(s, ORIGIN) },
  {
    service: 'tables/tables.service.server.ts#addDiningTables',
    permission: 'qr.manage',
    call: (s, w) => addDiningTables(s, AddTablesInput.parse({ locationId: w.a.locationId, label: 'Terasă 1-2' })),
  },
  { service: 'tables/tables.service.server.ts#removeDiningTable', permission: 'qr.manage', call: (s, w) => removeDiningTable(s, w.a.tableId) },
  {
    service: 'tables/tables.service.server.ts#renderTableCards',
    permission: 'qr.manage',
    call: (s, w) => renderTableCards(s, w.storage, { ...ORIGIN, locationId: w.a.locationId }),
  },

  // what guests looked at: insights.view
  {
    service: 'insights/insights.service.server.ts#getInsights',
    permission: 'insights.view',
    call: (s, w) => getInsights(s, { range: 30, locationId: w.a.locationId, locale: 'ro' }),
  },

  // the plan and card payments: billing.manage (the plan's status in the admin frame: restaurant.view)
  { service: 'billing/billing-card.server.ts#getCardSubscription', permission: 'billing.manage', namesRows: false, call: (s) => getCardSubscription(s) },
  { service: 'billing/billing-card.server.ts#getCardDetails', permission: 'billing.manage', namesRows: false, call: (s, w) => getCardDetails(s, w.billing) },
  {
    service: 'billing/billing-checkout.server.ts#startCheckout',
    permission: 'billing.manage',
    namesRows: false,
    call: (s, w) => startCheckout(s, w.billing, { interval: 'monthly', locale: 'ro' }),
  },
  { service: 'billing/billing-checkout.server.ts#openPortal', permission: 'billing.manage', namesRows: false, call: (s, w) => openPortal(s, w.billing, { locale: 'ro' }) },
  { service: 'billing/billing-checkout.server.ts#rememberOwnerLocale', permission: 'billing.manage', namesRows: false, call: (s) => rememberOwnerLocale(s, 'en') },
  { service: 'subscription/subscription.service.server.ts#startTrial', permission: 'billing.manage', namesRows: false, call: (s) => startTrial(s) },
  { service: 'subscription/subscription.service.server.ts#getPlanForRestaurant', permission: 'restaurant.view', namesRows: false, call: (s) => getPlanForRestaurant(s) },
  { service: 'subscription/subscription.service.server.ts#readPlanStatus', permission: 'restaurant.view', namesRows: false, call: (s) => readPlanStatus(s, 2) },

  // settings: settings.edit (the admin frame's summary: restaurant.view); the slug's own permission is tested apart
  {
    service: 'restaurant-settings/restaurant-settings.service.server.ts#getRestaurantAdminSummary',
    permission: 'restaurant.view',
    namesRows: false,
    call: (s) => getRestaurantAdminSummary(s),
  },
  {
    service: 'restaurant-settings/restaurant-settings.service.server.ts#getRestaurantSettings',
    permission: 'settings.edit',
    namesRows: false,
    call: (s) => getRestaurantSettings(s),
  },
  {
    service: 'restaurant-settings/restaurant-settings.service.server.ts#updateRestaurantSettings',
    permission: 'settings.edit',
    namesRows: false,
    call: (s, w) => updateRestaurantSettings(s, w.storage, settings(w.a.slug), 0),
  },
  { service: `${T}content-settings.service.server.ts#getContentSettings`, permission: 'restaurant.view', namesRows: false, call: (s) => getContentSettings(s) },
  { service: `${T}content-settings.service.server.ts#getContentSettingsForm`, permission: 'settings.edit', namesRows: false, call: (s) => getContentSettingsForm(s) },
  {
    service: `${T}content-settings.service.server.ts#updateContentSettings`,
    permission: 'settings.edit',
    namesRows: false,
    call: (s, w) => updateContentSettings(s, w.storage, ContentSettingsInput.parse({ languages: ['fr'] }), 'v'),
  },

  // content in more languages: menu.translate
  { service: `${T}field-translation.server.ts#getFieldTranslations`, permission: 'menu.translate', call: (s, w) => getFieldTranslations(s, 'product', w.a.productId) },
  {
    service: `${T}field-translation.server.ts#saveFieldTranslation`,
    permission: 'menu.translate',
    call: (s, w) => saveFieldTranslation(s, w.storage, 'product', w.a.productId, fieldTranslationInput('product').parse({ field: 'name', language: 'de', text: 'Suppe' }), 'v'),
  },
  {
    service: `${T}field-translation.server.ts#translateFieldNow`,
    permission: 'menu.translate',
    call: (s, w) => translateFieldNow(s, w.storage, w.provider, 'product', w.a.productId, { field: 'name', language: 'de' }),
  },
  {
    service: `${T}panel-action.server.ts#runTranslationPanelAction`,
    permission: 'menu.translate',
    call: (s, w) =>
      runTranslationPanelAction(
        s,
        new Request('http://localhost:3000/'),
        { intent: 'translation-save', field: 'name', language: 'de', text: 'Suppe', version: 'v' },
        'product',
        w.a.productId,
      ),
  },
  { service: `${T}fill-missing.server.ts#getTranslationProgress`, permission: 'menu.translate', namesRows: false, call: (s) => getTranslationProgress(s) },
  { service: `${T}fill-missing.server.ts#startFillMissing`, permission: 'menu.translate', namesRows: false, call: (s, w) => startFillMissing(s, w.provider) },
  { service: `${T}fill-missing.server.ts#runFillMissing`, permission: 'menu.translate', call: (s, w) => runFillMissing(s, w.storage, w.provider, w.a.runId) },
  { service: `${T}source-change.server.ts#runRefresh`, permission: 'menu.translate', call: (s, w) => runRefresh(s, w.storage, w.provider, 'product', w.a.productId) },
  // called inside the saves of dishes, categories, locations and settings, which checked their own permission
  {
    service: `${T}source-change.server.ts#noteContentSave`,
    permission: 'restaurant.view',
    call: (s, w) => noteContentSave(s, 'product', w.a.productId, { nameRo: 'Ciorbă' }, { nameRo: 'Supă' }),
  },

  // one's own account page, inside a restaurant: restaurant.view
  {
    service: 'account/account-security.service.server.ts#changeOwnPassword',
    permission: 'restaurant.view',
    namesRows: false,
    call: (s, w) => changeOwnPassword(s, w.auth, { currentPassword: 'old-password', newPassword: 'new-password-1' }, { policy, locale: 'ro', headers: new Headers() }),
  },
  {
    service: 'account/account-security.service.server.ts#requestOwnEmailChange',
    permission: 'restaurant.view',
    namesRows: false,
    call: (s, w) => requestOwnEmailChange(s, w.auth, { password: 'password-1', newEmail: 'new@example.com' }, { locale: 'ro', headers: new Headers(), callbackURL: '/' }),
  },
  { service: 'account/account-name.service.server.ts#changeOwnName', permission: 'restaurant.view', namesRows: false, call: (s) => changeOwnName(s, { name: 'Ana Pop' }) },
  {
    service: 'account/account-data.service.server.ts#deleteAccount',
    permission: 'restaurant.view',
    namesRows: false,
    call: (s, w) => deleteAccount(s, w.auth, w.storage, 'password-1'),
  },
  ...TEAM_SERVICE_ROWS,
  ...ORDERING_SERVICE_ROWS,
  ...PRINTING_SERVICE_ROWS,
  ...RESERVATION_SERVICE_ROWS,
];
