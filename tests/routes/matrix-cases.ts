/**
 * The authorization matrix's calls: one per loader and action with the input that exercises it, and
 * what an actor its guard lets through should get. Who is let through is not written here: it comes
 * from the route's guard and the policy table (tests/routes/matrix-expect.ts).
 */
import { ok, contains, redirectTo, status, type Allowed, type Case, type Expect, type Form } from './matrix-expect.ts';
import { ACTORS, MEMBERS_OF_A, call, loadRoute, type ActorName, type Restaurant, type World } from './matrix-world.ts';

const A_TEAM = Object.keys(MEMBERS_OF_A) as ActorName[];

/** One outcome for every actor the guard lets through, except those named (a service refusing a role the guard admits). */
const byRole = (all: Expect, some: Partial<Record<ActorName, Expect>>): Allowed => Object.fromEntries(ACTORS.map((actor) => [actor, some[actor] ?? all]));

const fourHundreds =
  (what: string): Expect =>
  (o) =>
    o.status >= 400 && o.status < 500 && o.body.includes('"code"') ? null : `expected a 4xx ${what} refusal`;
const notFoundPage: Expect = (o) => (o.location?.startsWith('/not-found?message=') ? null : 'expected not found');

/** The settings form as the restaurant's loader fills it, posted back unchanged (a real save). */
async function settingsFormOf(r: Restaurant): Promise<Form> {
  const settings = await loadRoute('routes/restaurant-admin.settings.tsx');
  const loaded = (await call(settings, 'loader', `/${r.slug}/admin/settings`, { restaurantSlug: r.slug }, r.owner.cookie)).data as
    | { values?: Record<string, unknown>; version?: string }
    | undefined;
  const values: Record<string, unknown> = { ...loaded?.values, version: loaded?.version };
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== null && v !== undefined && v !== false)
      .map(([k, v]) => [k, v === true ? 'on' : Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

/** The version of the restaurant's location's English name, as its translations panel shows it now. */
async function locationNameVersionOf(r: Restaurant): Promise<string> {
  const panel = await loadRoute('routes/restaurant-admin.translations.ts');
  const loaded = (await call(panel, 'loader', `/${r.slug}/admin/translations?table=location&id=${r.locationId}`, { restaurantSlug: r.slug }, r.owner.cookie)).data as {
    rows: { field: string; language: string; version: string }[];
  };
  return loaded.rows.find((row) => row.field === 'name' && row.language === 'en')?.version ?? '';
}

/** Every loader and action of a restaurant's admin, on restaurant `r`: the guard decides who gets in. */
export function restaurantCases(w: World, r: Restaurant, actors: readonly ActorName[]): Case[] {
  const a = `/${r.slug}/admin`;
  const pa = { restaurantSlug: r.slug };
  const productPath = `${a}/products/${r.productId}`;
  const productParams = { ...pa, productId: r.productId };
  const productForm = { categoryId: r.categoryId, nameRo: r.productName, price: '24', visible: 'on', available: 'on' };
  const orderingVersion = async () =>
    String((await w.db.db.selectFrom('orderingSettings').select('version').where('locationId', '=', r.locationId).executeTakeFirst())?.version ?? 0);
  const productVersion = async () => (await w.db.db.selectFrom('product').select('updatedAt').where('id', '=', r.productId).executeTakeFirstOrThrow()).updatedAt;
  const one = (file: string, kind: Case['kind'], path: string, params: Record<string, string>, allowed: Allowed, form?: Case['form']): Case => ({
    file,
    kind,
    path,
    params,
    allowed,
    form,
    actors,
  });
  return [
    one('routes/restaurant-admin.tsx', 'loader', a, pa, ok(contains(r.restaurantName))),
    one('routes/restaurant-admin.menu.tsx', 'loader', a, pa, ok(contains(r.productName))),
    // the editor's action is guarded by restaurant.view; each intent is authorized in its service (sold out: menu.availability)
    one('routes/restaurant-admin.menu.tsx', 'action', a, pa, ok(contains('"ok":true')), { intent: 'set-product-available', id: r.productId, value: 'true' }),
    // its JSON twin for the page's script before React (decision 0033), posted as a row button's operation
    one('routes/restaurant-admin.menu-actions.ts', 'action', `${a}/menu-actions`, pa, ok(contains('"ok":true')), { intent: `set-product-available:${r.productId}:true` }),
    one('routes/restaurant-admin.product-new.tsx', 'loader', `${a}/products/new`, pa, ok(contains(r.categoryId))),
    one(
      'routes/restaurant-admin.product-new.tsx',
      'action',
      `${a}/products/new`,
      pa,
      (o) => (o.status === 302 && o.location?.startsWith(`${a}?saved=`) ? null : 'expected the new product saved'),
      { ...productForm, nameRo: 'Plăcintă' },
    ),
    one('routes/restaurant-admin.product-edit.tsx', 'loader', productPath, productParams, ok(contains(r.productName))),
    one('routes/restaurant-admin.product-edit.tsx', 'action', productPath, productParams, redirectTo(`${a}?saved=${r.productId}#product-${r.productId}`), async () => ({
      ...productForm,
      version: await productVersion(),
    })),
    // the options library (issue 35): a new group leads to its page; a group's page adds an option; a dish's page puts a group on it
    one('routes/restaurant-admin.options.tsx', 'loader', `${a}/options`, pa, ok(contains(r.optionGroupId))),
    one(
      'routes/restaurant-admin.options.tsx',
      'action',
      `${a}/options`,
      pa,
      (o) => (o.status === 302 && o.location?.startsWith(`${a}/options/`) ? null : 'expected the new group saved'),
      { intent: 'create-group', nameRo: 'Sirop', rule: 'up-to', maxChoices: '2', pricing: 'add' },
    ),
    one('routes/restaurant-admin.option-group.tsx', 'loader', `${a}/options/${r.optionGroupId}`, { ...pa, groupId: r.optionGroupId }, ok(contains(r.optionGroupId))),
    // the group's page lets staff in (menu.availability) to mark an option sold out; adding one is menu.edit, refused to staff by the service
    one(
      'routes/restaurant-admin.option-group.tsx',
      'action',
      `${a}/options/${r.optionGroupId}`,
      { ...pa, groupId: r.optionGroupId },
      byRole(ok(contains('"ok":true')), { staffA: status(403) }),
      { intent: 'create-option', nameRo: 'Lapte de ovăz', price: '3', available: 'on', visible: 'on' },
    ),
    one('routes/restaurant-admin.option-group.tsx', 'action', `${a}/options/${r.optionGroupId}`, { ...pa, groupId: r.optionGroupId }, ok(contains('"ok":true')), {
      intent: 'option-sold-out-until-opening',
      id: r.optionId,
    }),
    one('routes/restaurant-admin.product-edit.tsx', 'action', productPath, productParams, ok(contains('"ok":true')), { intent: 'attach-option-group', groupId: r.optionGroupId }),
    one('routes/restaurant-admin.settings.tsx', 'loader', `${a}/settings`, pa, ok(contains(r.restaurantName))),
    one('routes/restaurant-admin.settings.tsx', 'action', `${a}/settings`, pa, ok(contains('"ok":true')), () => settingsFormOf(r)),
    // the translations panel of a category or location (issue 16): loaded when opened, saved there
    one('routes/restaurant-admin.translations.ts', 'loader', `${a}/translations?table=location&id=${r.locationId}`, pa, ok(contains('"rows"'))),
    one('routes/restaurant-admin.translations.ts', 'action', `${a}/translations`, pa, ok(contains('"ok":true')), async () => ({
      intent: 'translation-save',
      table: 'location',
      id: r.locationId,
      field: 'name',
      language: 'en',
      text: 'Terrace',
      version: await locationNameVersionOf(r),
    })),
    one('routes/restaurant-admin.qr.tsx', 'loader', `${a}/qr`, pa, ok()),
    one('routes/restaurant-admin.qr-download.ts', 'loader', `${a}/qr/qr.svg`, { ...pa, format: 'qr.svg' }, ok(contains('<svg'))),
    one('routes/restaurant-admin.tables.tsx', 'loader', `${a}/tables`, pa, ok()),
    one('routes/restaurant-admin.tables.tsx', 'action', `${a}/tables`, pa, ok(contains('"ok":true')), { intent: 'add-tables', locationId: r.locationId, label: 'Terasă 1–2' }),
    // the action above adds tables for whoever may: the sheet has cards, or none yet
    one('routes/restaurant-admin.tables-cards.ts', 'loader', `${a}/tables/cards.pdf`, pa, (o) =>
      o.status === 200 || o.status === 404 ? null : 'expected the PDF, or not found when no table exists yet',
    ),
    // the orders board (issue 25): the day's orders, a move its state refuses (so every actor gets the same answer), the live stream, the ticket
    one('routes/restaurant-admin.orders.tsx', 'loader', `${a}/orders`, pa, ok(contains(r.orderId))),
    one(
      'routes/restaurant-admin.orders.tsx',
      'action',
      `${a}/orders`,
      pa,
      (o) => (o.status === 409 && o.body.includes('"code":"order-transition"') ? null : 'expected the move refused for its state'),
      { intent: 'ready', orderId: r.orderId, status: 'received' },
    ),
    one('routes/restaurant-admin.orders-live.ts', 'loader', `${a}/orders/live`, pa, ok(contains('retry:'))),
    // the rows a board reads after its live events (issue 26)
    one('routes/restaurant-admin.orders-rows.ts', 'loader', `${a}/orders/rows?id=${r.orderId}`, pa, ok(contains(`"id":"${r.orderId}"`))),
    one('routes/restaurant-admin.order-ticket.ts', 'loader', `${a}/orders/${r.orderId}/ticket.pdf`, { ...pa, orderId: r.orderId }, ok(contains('<binary>'))),
    // ordering and reservations per location (issue 25): the form posted with the version it was loaded at
    one('routes/restaurant-admin.ordering.tsx', 'loader', `${a}/ordering`, pa, ok(contains(r.locationId))),
    one('routes/restaurant-admin.ordering.tsx', 'action', `${a}/ordering`, pa, ok(contains('"ok":true')), async () => ({
      // ordering stays off: the guest's "Adaugă" case on B's menu expects it so
      intent: 'save',
      locationId: r.locationId,
      version: await orderingVersion(),
      dineIn: 'on',
      slotMinutes: '30',
      maxPartySize: '8',
      leadMinutes: '60',
      daysAhead: '30',
      capacityPerSlot: '4',
    })),
    // the kitchen (issue 36): the stations page and an action naming no station; the display and a bump of no line
    one('routes/restaurant-admin.stations.tsx', 'loader', `${a}/ordering/stations`, pa, ok(contains(r.locationId))),
    one('routes/restaurant-admin.stations.tsx', 'action', `${a}/ordering/stations`, pa, fourHundreds('no-such-station'), { intent: 'delete', stationId: 'no-such-station' }),
    one('routes/restaurant-admin.kitchen.tsx', 'loader', `${a}/kitchen`, pa, ok(contains('"screens"'))),
    one('routes/restaurant-admin.kitchen.tsx', 'action', `${a}/kitchen`, pa, fourHundreds('no-such-line'), { intent: 'bump-line', lineId: 'no-such-line' }),
    // the team (decision 0029): every member sees it; without an intent nothing changes (inviting is 'team.manage', the service's check)
    // reservations (issue 25): the day's list, its live stream; an action without a reservation changes nothing
    one('routes/restaurant-admin.reservations.tsx', 'loader', `${a}/reservations`, pa, ok(contains('"reservations"'))),
    one('routes/restaurant-admin.reservations.tsx', 'action', `${a}/reservations`, pa, fourHundreds('reservation'), { intent: 'accept', id: 'no-such-reservation', version: 'x' }),
    one('routes/restaurant-admin.reservations-live.ts', 'loader', `${a}/reservations/live`, pa, ok(contains('retry:'))),
    one('routes/restaurant-admin.team.tsx', 'loader', `${a}/team`, pa, ok(contains(r.owner.email))),
    one('routes/restaurant-admin.team.tsx', 'action', `${a}/team`, pa, (o) => (o.status >= 400 && o.status < 500 ? null : `expected a 4xx for no intent, got ${o.status}`), {}),
    one('routes/restaurant-admin.account.tsx', 'loader', `${a}/account`, pa, ok()),
    // without an intent nothing happens (sign-out-everywhere and deletion would end the actors' sessions)
    one('routes/restaurant-admin.account.tsx', 'action', `${a}/account`, pa, status(400), {}),
    one('routes/restaurant-admin.insights.tsx', 'loader', `${a}/insights`, pa, ok()),
    one('routes/restaurant-admin.insights-csv.ts', 'loader', `${a}/insights.csv`, pa, ok(contains('Secțiune;Eticheta;Valoare'))),
    // resource routes: without a file the upload or import is refused as bad input, after the guard; GET is 405
    one('routes/restaurant-admin.images.ts', 'action', `${a}/images`, pa, fourHundreds('upload'), { kind: 'product' }),
    one('routes/restaurant-admin.images.ts', 'loader', `${a}/images`, pa, status(405)),
    one('routes/restaurant-admin.import.tsx', 'loader', `${a}/import`, pa, ok(contains(r.locationId))),
    one('routes/restaurant-admin.import-file.ts', 'action', `${a}/import/file`, pa, fourHundreds('import'), { intent: 'preview' }),
    one('routes/restaurant-admin.import-file.ts', 'loader', `${a}/import/file`, pa, status(405)),
    one('routes/restaurant-admin.import-template.ts', 'loader', `${a}/import/template/csv`, { ...pa, format: 'csv' }, ok(contains('Denumire'))),
    one('routes/restaurant-admin.print.ts', 'loader', `${a}/print/allergens`, { ...pa, document: 'allergens' }, ok()),
    one('routes/restaurant-admin.export.ts', 'loader', `${a}/export/json`, { ...pa, format: 'json' }, ok(contains(r.productName))),
    one('routes/subscription.tsx', 'loader', `/restaurant/${r.slug}/settings/subscription`, pa, ok()),
    // starting a card payment: the matrix's installation has no Stripe, so the owner is told so (404)
    one('routes/subscription.tsx', 'action', `/restaurant/${r.slug}/settings/subscription`, pa, status(404), { intent: 'checkout-monthly' }),
  ];
}

/** A member on their own restaurant's pages naming the other restaurant's rows: "not found", nothing written (checked after). */
export function crossTenantCases(w: World): Case[] {
  const { A, B } = w;
  const b = `/${B.slug}/admin`;
  const pb = { restaurantSlug: B.slug };
  const asOwnerB = ['ownerB'] as const;
  const refusedAsNotFound =
    (what: string): Expect =>
    (o) =>
      o.status === 404 || o.status === 400 ? null : `expected A's row refused as not found (${what})`;
  const intents: Record<string, string>[] = [
    { intent: 'set-product-visible', id: A.productId, value: 'false' },
    { intent: 'set-product-available', id: A.productId, value: 'false' },
    { intent: 'move-product', id: A.productId, direction: 'up' },
    { intent: 'reorder-products', order: A.productId },
    { intent: 'update-category', id: A.categoryId, locationId: A.locationId, nameRo: 'Furat', visible: 'on' },
    { intent: 'set-category-visible', id: A.categoryId, value: 'false' },
    { intent: 'update-location', id: A.locationId, nameRo: 'Furat' },
    { intent: 'set-location-visible', id: A.locationId, value: 'false' },
    { intent: 'create-category', locationId: A.locationId, nameRo: 'Intrus', visible: 'on' },
    { intent: 'delete-product', id: A.productId },
    { intent: 'delete-category', id: A.categoryId },
    { intent: 'delete-location', id: A.locationId },
  ];
  const translationSave = (table: 'category' | 'location', r: Restaurant) => ({
    intent: 'translation-save',
    table,
    id: table === 'category' ? r.categoryId : r.locationId,
    field: 'name',
    language: 'en',
    text: 'Furat',
  });
  return [
    ...intents.map((form): Case => ({
      file: 'routes/restaurant-admin.menu.tsx',
      kind: 'action',
      path: b,
      params: pb,
      form,
      allowed: refusedAsNotFound(form.intent!),
      actors: asOwnerB,
    })),
    ...intents.map((form): Case => ({
      file: 'routes/restaurant-admin.menu-actions.ts',
      kind: 'action',
      path: `${b}/menu-actions`,
      params: pb,
      form,
      allowed: refusedAsNotFound(form.intent!),
      actors: asOwnerB,
    })),
    {
      file: 'routes/restaurant-admin.product-edit.tsx',
      kind: 'loader',
      path: `${b}/products/${A.productId}`,
      params: { ...pb, productId: A.productId },
      allowed: notFoundPage,
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.product-edit.tsx',
      kind: 'action',
      path: `${b}/products/${A.productId}`,
      params: { ...pb, productId: A.productId },
      form: { categoryId: B.categoryId, nameRo: 'Furat', price: '1', visible: 'on', available: 'on' },
      allowed: status(404),
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.product-edit.tsx',
      kind: 'action',
      path: `${b}/products/${A.productId}`,
      params: { ...pb, productId: A.productId },
      form: { intent: 'translation-save', field: 'name', language: 'en', text: 'Furat' },
      allowed: status(404),
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.product-new.tsx',
      kind: 'action',
      path: `${b}/products/new`,
      params: pb,
      form: { categoryId: A.categoryId, nameRo: 'Intrus', price: '1', visible: 'on', available: 'on' },
      allowed: refusedAsNotFound("new product in A's category"),
      actors: asOwnerB,
    },
    // the options library (issue 35): A's group from B's pages, and A's group put on B's dish
    {
      file: 'routes/restaurant-admin.option-group.tsx',
      kind: 'loader',
      path: `${b}/options/${A.optionGroupId}`,
      params: { ...pb, groupId: A.optionGroupId },
      allowed: notFoundPage,
      actors: asOwnerB,
    },
    ...(
      [
        { intent: 'create-option', nameRo: 'Furat', price: '1', available: 'on', visible: 'on' },
        { intent: 'update-group', nameRo: 'Furat', rule: 'exactly-one', version: 'x' },
        { intent: 'delete-group' },
        { intent: 'option-sold-out-until-opening', id: A.optionId },
      ] as Record<string, string>[]
    ).map((form): Case => ({
      file: 'routes/restaurant-admin.option-group.tsx',
      kind: 'action',
      path: `${b}/options/${A.optionGroupId}`,
      params: { ...pb, groupId: A.optionGroupId },
      form,
      allowed: status(404),
      actors: asOwnerB,
    })),
    {
      file: 'routes/restaurant-admin.product-edit.tsx',
      kind: 'action',
      path: `${b}/products/${B.productId}`,
      params: { ...pb, productId: B.productId },
      form: { intent: 'attach-option-group', groupId: A.optionGroupId },
      allowed: status(404),
      actors: asOwnerB,
    },
    // the translations panels (issue 16): B's naming A's rows, and A's team's naming B's
    ...(['category', 'location'] as const).flatMap((table): Case[] => [
      {
        file: 'routes/restaurant-admin.translations.ts',
        kind: 'loader',
        path: `${b}/translations?table=${table}&id=${table === 'category' ? A.categoryId : A.locationId}`,
        params: pb,
        allowed: status(404),
        actors: asOwnerB,
      },
      {
        file: 'routes/restaurant-admin.translations.ts',
        kind: 'action',
        path: `${b}/translations`,
        params: pb,
        form: translationSave(table, A),
        allowed: status(404),
        actors: asOwnerB,
      },
      {
        file: 'routes/restaurant-admin.translations.ts',
        kind: 'action',
        path: `/${A.slug}/admin/translations`,
        params: { restaurantSlug: A.slug },
        form: translationSave(table, B),
        allowed: status(404),
        actors: A_TEAM,
      },
    ]),
    // the orders board: B's owner naming A's order on B's board
    {
      file: 'routes/restaurant-admin.orders.tsx',
      kind: 'action',
      path: `${b}/orders`,
      params: pb,
      form: { intent: 'accept', orderId: A.orderId, status: 'received', minutes: '5' },
      allowed: status(404),
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.orders.tsx',
      kind: 'action',
      path: `${b}/orders`,
      params: pb,
      form: { intent: 'decline', orderId: A.orderId, status: 'received', reason: 'Furat', blockTable: 'on' },
      allowed: status(404),
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.order-ticket.ts',
      kind: 'loader',
      path: `${b}/orders/${A.orderId}/ticket.pdf`,
      params: { ...pb, orderId: A.orderId },
      allowed: status(404),
      actors: asOwnerB,
    },
    // B's kitchen display bumping A's line, taking it back from B's board, B's stations page routing A's category
    {
      file: 'routes/restaurant-admin.kitchen.tsx',
      kind: 'action',
      path: `${b}/kitchen`,
      params: pb,
      form: { intent: 'bump-line', lineId: A.orderLineId },
      allowed: status(404),
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.orders.tsx',
      kind: 'action',
      path: `${b}/orders`,
      params: pb,
      form: { intent: 'take-back', lineId: A.orderLineId },
      allowed: status(404),
      actors: asOwnerB,
    },
    {
      file: 'routes/restaurant-admin.stations.tsx',
      kind: 'action',
      path: `${b}/ordering/stations`,
      params: pb,
      form: { intent: 'category', categoryId: A.categoryId, stationId: '' },
      allowed: status(404),
      actors: asOwnerB,
    },
    // B's board asking for A's order: an answer without it
    {
      file: 'routes/restaurant-admin.orders-rows.ts',
      kind: 'loader',
      path: `${b}/orders/rows?id=${A.orderId}`,
      params: pb,
      actors: asOwnerB,
      allowed: ok((o) => (o.body.includes('"orders":[]') && !o.body.includes(A.orderId) ? null : "expected no row of A's")),
    },
    // the ordering settings and the pause switch of A's location, from B's page
    ...['save', 'pause'].map((intent): Case => ({
      file: 'routes/restaurant-admin.ordering.tsx',
      kind: 'action',
      path: `${b}/ordering`,
      params: pb,
      allowed: status(404),
      actors: asOwnerB,
      form: {
        intent,
        locationId: A.locationId,
        version: '0',
        ordersEnabled: 'on',
        dineIn: 'on',
        slotMinutes: '30',
        maxPartySize: '8',
        leadMinutes: '60',
        daysAhead: '30',
        capacityPerSlot: '4',
      },
    })),
    {
      file: 'routes/restaurant-admin.translations.ts',
      kind: 'loader',
      path: `/${A.slug}/admin/translations?table=category&id=${B.categoryId}`,
      params: { restaurantSlug: A.slug },
      allowed: status(404),
      actors: A_TEAM,
    },
  ];
}
