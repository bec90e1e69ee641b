import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The route table of docs/product-spec.md section 2, plus the resource routes the server needs. */
export default [
  // resource routes
  route('healthz', 'routes/healthz.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('set-locale', 'routes/set-locale.ts'),
  route('logout', 'routes/logout.ts'),
  route('account/export', 'routes/account-export.ts'),
  route('api/auth/*', 'routes/api.auth.ts'),
  route('api/webhooks/stripe', 'routes/api.webhooks.stripe.ts'),
  route('api/beacon', 'routes/api.beacon.ts'),
  // a receipt printer's polling address (Star CloudPRNT, decision 0036)
  route('api/print/:token', 'routes/api.print.ts'),
  route('m/:code', 'routes/short-link.ts'),
  // a guest's order (decision 0032): "Adaugă" and the order's live stream
  route(':slug/comanda/adauga', 'routes/menu-cart-add.ts'),
  route(':slug/comanda/:token/live', 'routes/menu-order-live.ts'),
  // a guest's reservation page's live stream (its status only)
  route(':slug/rezervare/:token/live', 'routes/reservation-live.ts'),
  route('admin/audit.csv', 'routes/admin.audit-export.ts'),
  route(':restaurantSlug/admin/images', 'routes/restaurant-admin.images.ts'),
  route(':restaurantSlug/admin/qr/:format', 'routes/restaurant-admin.qr-download.ts'),
  route(':restaurantSlug/admin/import/file', 'routes/restaurant-admin.import-file.ts'),
  route(':restaurantSlug/admin/import/template/:format', 'routes/restaurant-admin.import-template.ts'),
  route(':restaurantSlug/admin/export/:format', 'routes/restaurant-admin.export.ts'),
  route(':restaurantSlug/admin/print/:document', 'routes/restaurant-admin.print.ts'),
  route(':restaurantSlug/admin/insights.csv', 'routes/restaurant-admin.insights-csv.ts'),
  route(':restaurantSlug/admin/tables/cards.pdf', 'routes/restaurant-admin.tables-cards.ts'),
  route(':restaurantSlug/admin/translations', 'routes/restaurant-admin.translations.ts'),
  route(':restaurantSlug/admin/menu-actions', 'routes/restaurant-admin.menu-actions.ts'),
  route(':restaurantSlug/admin/reservations/live', 'routes/restaurant-admin.reservations-live.ts'),
  // the orders board's live stream (decision 0031), the rows its events name (issue 26) and an order's kitchen ticket (issue 25)
  route(':restaurantSlug/admin/orders/live', 'routes/restaurant-admin.orders-live.ts'),
  route(':restaurantSlug/admin/orders/rows', 'routes/restaurant-admin.orders-rows.ts'),
  route(':restaurantSlug/admin/orders/:orderId/ticket.pdf', 'routes/restaurant-admin.order-ticket.ts'),

  // public layout: header and footer
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('detalii', 'routes/features.tsx'),
    route('login', 'routes/login.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('invitatie/:token', 'routes/invitation.tsx'),
    route('login/complete', 'routes/login-complete.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('translation-debug', 'routes/translation-debug.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('not-found', 'routes/not-found.tsx'),
    route('unauthorized', 'routes/unauthorized.tsx'),
  ]),

  // signed-in areas: header, no footer
  layout('routes/app-layout.tsx', [
    // the platform back office: every page and action checks the admin itself
    route('admin', 'routes/admin.tsx', [
      index('routes/admin.overview.tsx'),
      route('restaurants', 'routes/admin.restaurants.tsx'),
      route('restaurants/:restaurantId', 'routes/admin.restaurant.tsx'),
      route('users', 'routes/admin.users.tsx'),
      route('messages', 'routes/admin.messages.tsx'),
      route('settings', 'routes/admin.settings.tsx'),
      route('audit', 'routes/admin.audit.tsx'),
      route('jobs', 'routes/admin.jobs.tsx'),
    ]),
    route(':restaurantSlug/admin', 'routes/restaurant-admin.tsx', [
      index('routes/restaurant-admin.menu.tsx'),
      route('products/new', 'routes/restaurant-admin.product-new.tsx'),
      route('products/:productId', 'routes/restaurant-admin.product-edit.tsx'),
      route('settings', 'routes/restaurant-admin.settings.tsx'),
      route('qr', 'routes/restaurant-admin.qr.tsx'),
      route('import', 'routes/restaurant-admin.import.tsx'),
      route('insights', 'routes/restaurant-admin.insights.tsx'),
      route('tables', 'routes/restaurant-admin.tables.tsx'),
      route('options', 'routes/restaurant-admin.options.tsx'),
      route('options/:groupId', 'routes/restaurant-admin.option-group.tsx'),
      route('orders', 'routes/restaurant-admin.orders.tsx'),
      route('ordering', 'routes/restaurant-admin.ordering.tsx'),
      route('ordering/stations', 'routes/restaurant-admin.stations.tsx'),
      route('kitchen', 'routes/restaurant-admin.kitchen.tsx'),
      route('team', 'routes/restaurant-admin.team.tsx'),
      route('reservations', 'routes/restaurant-admin.reservations.tsx'),
      route('account', 'routes/restaurant-admin.account.tsx'),
    ]),
    route('restaurant/:restaurantSlug/settings/subscription', 'routes/subscription.tsx'),
    // a user's restaurants (decision 0029): the chooser and "Adaugă un restaurant"
    route('restaurants', 'routes/restaurants.tsx'),
    route('restaurants/new', 'routes/restaurants.new.tsx'),
  ]),

  // a guest's reservation (issue 25): light pages without the site's chrome
  layout('routes/reservation-layout.tsx', [route(':slug/rezervare', 'routes/reservation.tsx'), route(':slug/rezervare/:token', 'routes/reservation-status.tsx')]),

  // menu layout: neither footer nor cookie banner
  layout('routes/menu-layout.tsx', [route(':slug', 'routes/menu.tsx')]),
  // the guest's cart and order pages: HTML without React in the browser, no footer nor cookie banner
  route(':slug/comanda', 'routes/menu-cart.tsx'),
  // a dish's choices (issue 35): its option groups and the add form with them, a note and a quantity
  route(':slug/comanda/fel/:productId', 'routes/menu-dish.tsx'),
  // a call from the table (issue 36 item 5): the waiter, or the bill
  route(':slug/comanda/masa', 'routes/menu-table-call.tsx'),
  route(':slug/comanda/:token', 'routes/menu-order.tsx'),

  // docs/product-spec.md section 2: any other path goes to not-found with 'Pagina nu există.'
  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
