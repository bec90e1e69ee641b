// @ts-check
// The menu editor before React (decision 0033, issue 26). The page is HTML that works without any
// script (each row button posts its category's one form); this script makes the owner's phone
// operations instant before React has started: sold out / available, show / hide and delete (after
// its question) are posted in the background to the editor's JSON twin (`/{slug}/admin/menu-actions`),
// the row flips at once, the server's answer is a toast, and a refusal flips it back. Anything else
// a row form's button does (move, copy) starts React and is replayed there (react-on-demand.js).
// A drag by pointer is editor-drag.js's, which uses this script's posts and toasts
// (`window.editorBeforeReact`).
// Once React runs, its own handlers answer and this script stands aside; React then reads the
// page's data again if anything was changed here, so what it draws is what was saved.
//
// What changes here is attributes and the text of elements React is told to leave
// (suppressHydrationWarning): the markup stays the one React hydrates. A deleted row is hidden
// until then, not removed.
//
// It loads `async` and may run before the page is parsed: it listens on the document and reads the
// page (its texts, the rows) when an event comes.
//
// What it draws that React draws too (the toast, the delete dialog, a row's flags) is built by the
// pure functions of `markup` below, which editor-markup.test.ts compares with React's components.
// Types: ../page-scripts.d.ts.
(() => {
  const onDemand = () => window.reactOnDemand;
  const running = () => onDemand()?.running === true;
  /** @type {BeforeReact.Texts | undefined} */
  let read;
  /** @type {BeforeReact.Editor['texts']} the editor's texts for this script (`data-menu-editor`, editor-script-texts.ts) */
  const texts = () => (read ??= JSON.parse(document.querySelector('[data-menu-editor]')?.getAttribute('data-menu-editor') ?? '{}'));
  /** @type {BeforeReact.Editor['fill']} a text with its `{name}`, `{position}`… filled in */
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);
  const endpoint = `${location.pathname.replace(/\/$/, '')}/menu-actions`;
  // the row forms' own buttons are answered here; their drag handles and ticks are React's
  (window.reactOnDemandHandled ??= []).push('form[data-before-react] button[name="intent"], form[data-before-react] button[data-ask]');

  // ---- the toast: React's own live regions and card (toast-provider.tsx), one at a time ----
  const DURATION = 3000;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let toastTimer;
  /** @type {BeforeReact.Markup['toast']} */
  const toastCard = (message, ok) => {
    const colour = ok ? 'bg-olive-600' : 'bg-primary-600';
    return [
      'div',
      {
        'data-toast-before-react': '',
        'data-testid': 'toast',
        'data-type': ok ? 'success' : 'error',
        class:
          'pointer-events-auto w-80 max-w-[90vw] overflow-hidden rounded-[10px] border border-stone-200 bg-white text-stone-900 shadow-lg dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100',
      },
      [
        'div',
        { class: 'flex items-start gap-3 p-4' },
        ['span', { 'aria-hidden': 'true', class: `flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${colour}` }, ok ? '✓' : '!'],
        ['p', { class: 'min-w-0 flex-1' }, message],
      ],
      ['div', { class: `toast-progress h-1 origin-left ${colour}`, style: `animation-duration:${DURATION}ms` }],
    ];
  };
  /** @param {string} message @param {boolean} ok */
  function toast(message, ok) {
    for (const old of document.querySelectorAll('[data-toast-before-react]')) old.remove();
    const region = document.querySelector(ok ? '[data-testid="toast-status"]' : '[data-testid="toast-alert"]');
    if (!region) return;
    const card = build(toastCard(message, ok));
    region.append(card);
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => card.remove(), DURATION);
  }

  /** @param {BeforeReact.Node} node @returns {HTMLElement} */
  function build([tag, attributes, ...children]) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.append(...children.map((child) => (typeof child === 'string' ? child : build(child))));
    return element;
  }

  // ---- posting one operation (a row button's `intent`, or a list's new order): the server's answer, or a failure in the owner's language ----
  /** @type {BeforeReact.Editor['post']} */
  async function post(fields) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    try {
      const response = await fetch(endpoint, { method: 'POST', body, headers: { Accept: 'application/json' } });
      const result = await response.json();
      if (result.ok) document.documentElement.setAttribute('data-changed-before-react', '');
      return result.ok ? { ok: true, message: result.message } : { ok: false, message: result.error ?? texts().failed };
    } catch {
      return { ok: false, message: texts().failed };
    }
  }

  // ---- the flags a row shows, as React draws them (product-row.tsx, row-controls.tsx) ----
  /** @type {BeforeReact.Editor['nameOf']} a dish row, or a list's row (a category), says its name */
  const nameOf = (element) => element.closest('[data-name]')?.getAttribute('data-name') ?? '';
  /** the button's operation for the other state (`intent:id:value`) */
  const next = (/** @type {string} */ operation, /** @type {boolean} */ shown) => `${operation.split(':').slice(0, 2).join(':')}:${!shown}`;
  /** @param {string} label */
  const labelled = (label) => ({ 'aria-label': label, title: label });

  /** @type {BeforeReact.Markup['available']} the row's flag shows or hides "until we open" beside it; by hand, no time to come back */
  const availableLook = (t, operation, name, available) => ({
    attributes: { value: next(operation, available), 'data-available': String(available), ...labelled(fill(available ? t.markSoldOut : t.markAvailable, { name })) },
    text: available ? t.available : t.soldOut,
    row: String(available),
    returns: '',
  });

  /** @type {BeforeReact.Markup['visible']} */
  const visibleLook = (t, operation, name, visible) => ({
    attributes: { value: next(operation, visible), 'data-visible': String(visible), ...labelled(fill(visible ? t.hide : t.show, { name })) },
    icon: visible ? '#icon-eye' : '#icon-eye-off',
    visible: String(visible),
    badge: visible ? '' : t.hidden,
  });

  /** A row button shown in one state: its look's attributes, text, icon, and the row's "hidden" mark. */
  function show(/** @type {HTMLButtonElement} */ button, /** @type {boolean} */ value) {
    const look = LOOKS[button.value.split(':')[0] ?? '']?.(texts(), button.value, nameOf(button), value);
    if (!look) return;
    for (const [name, attribute] of Object.entries(look.attributes)) button.setAttribute(name, attribute);
    if (look.text !== undefined) button.textContent = look.text;
    if (look.icon) button.querySelector('use')?.setAttribute('href', look.icon);
    const row = button.closest('[data-product-id]');
    if (look.row !== undefined && row) {
      row.setAttribute('data-available', look.row);
      const returns = row.querySelector('[data-returns-badge]');
      if (returns) returns.textContent = look.returns ?? '';
    }
    if (look.visible === undefined) return;
    // the row (a dish) or the card's header line (a category) says "hidden"
    if (row) row.setAttribute('data-visible', look.visible);
    const badge = (row ?? button.closest('section'))?.querySelector('[data-hidden-badge]');
    if (badge) badge.textContent = look.badge ?? '';
  }

  /** @type {Record<string, BeforeReact.Markup['available'] | undefined>} */
  const LOOKS = {
    'set-product-available': availableLook,
    'set-product-visible': visibleLook,
    'set-category-visible': visibleLook,
  };

  /** A flag flipped at once, posted, and flipped back if the server refused it. */
  async function flip(/** @type {HTMLButtonElement} */ button) {
    const operation = button.value;
    const value = operation.split(':')[2] === 'true';
    show(button, value);
    const outcome = await post({ intent: operation });
    if (!outcome.ok && button.value !== operation) show(button, !value);
    toast(outcome.message, outcome.ok);
  }

  /**
   * Sold out until the opening (issue 35 item 8): the row shows sold out at once; the server's answer
   * is when it comes back, said in the toast and in the row's mark (React draws the same from its data).
   */
  async function untilOpening(/** @type {HTMLButtonElement} */ button) {
    const soldOut = button.closest('[data-product-id]')?.querySelector('button[value^="set-product-available:"]');
    if (!(soldOut instanceof HTMLButtonElement)) return;
    show(soldOut, false);
    const outcome = await post({ intent: button.value });
    if (!outcome.ok) show(soldOut, true);
    else {
      const returns = button.closest('[data-product-id]')?.querySelector('[data-returns-badge]');
      if (returns) returns.textContent = outcome.message;
    }
    toast(outcome.message, outcome.ok);
  }

  // ---- delete: asked in a native modal dialog, as React's ConfirmDialog (confirm-delete.tsx) ----
  /** @type {BeforeReact.Markup['dialog']} */
  const dialogOf = (t, label, question) => [
    'dialog',
    {
      'data-before-react': '',
      'aria-label': label,
      class: 'm-auto max-w-md rounded-[12px] bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-950/50 dark:bg-stone-900 dark:text-stone-100',
    },
    ['p', { class: 'text-lg' }, question],
    [
      'form',
      { method: 'dialog', class: 'mt-6 flex flex-wrap justify-end gap-3' },
      ['button', { type: 'button', class: t.cancelClass, autofocus: '' }, t.cancel],
      ['button', { type: 'submit', class: t.confirmClass }, t.confirm],
    ],
  ];

  function ask(/** @type {HTMLButtonElement} */ button) {
    const operation = button.value;
    const question = operation.startsWith('delete-product:') ? texts().confirmDeleteProduct : texts().confirmDeleteCategory;
    const dialog = /** @type {HTMLDialogElement} */ (build(dialogOf(texts(), button.getAttribute('aria-label') ?? '', fill(question, { name: nameOf(button) }))));
    const [cancel, form] = [dialog.querySelector('button'), dialog.querySelector('form')];
    cancel?.addEventListener('click', () => dialog.close());
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      dialog.close();
      void remove(button, operation);
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (button.isConnected) button.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
  }

  async function remove(/** @type {HTMLButtonElement} */ button, /** @type {string} */ operation) {
    // the row of its list (sortable-list.tsx), or a dish found by the search
    const target = /** @type {HTMLElement | null} */ (button.closest('[data-sortable-id]') ?? button.closest('[data-product-id]'));
    // a list reordered before React re-places its rows around the gap (editor-drag.js)
    const shown = (/** @type {boolean} */ visible) => {
      if (!target) return;
      target.hidden = !visible;
      target.parentElement?.dispatchEvent(new CustomEvent('sortable:relayout', { bubbles: true }));
    };
    shown(false);
    const outcome = await post({ intent: operation });
    if (!outcome.ok) shown(true);
    toast(outcome.message, outcome.ok);
  }

  // ---- the rows' forms: taken here until React runs ----
  document.addEventListener('submit', (event) => {
    if (running() || !(event.target instanceof HTMLFormElement) || !event.target.hasAttribute('data-before-react')) return;
    const button = event.submitter;
    if (!(button instanceof HTMLButtonElement) || button.name !== 'intent' || !button.value.includes(':')) return;
    const intent = button.value.split(':')[0] ?? '';
    const flag = LOOKS[intent] ?? (intent === 'sold-out-until-opening' ? untilOpening : undefined);
    // move, copy: React's (its list re-draws the order), replayed once it runs; the form's own post if it cannot start
    const react = onDemand();
    if (!flag && !react) return;
    event.preventDefault();
    if (flag === untilOpening) void untilOpening(button);
    else if (flag) void flip(button);
    else void react?.start().then(() => button.isConnected && button.click());
  });

  document.addEventListener('click', (event) => {
    if (running() || !(event.target instanceof Element)) return;
    const button = event.target.closest('[data-before-react] button[data-ask]');
    if (!(button instanceof HTMLButtonElement)) return;
    event.preventDefault();
    ask(button);
  });

  // for the page's other script (editor-drag.js): the same posts, toasts, texts and names; and what it
  // draws as React does, for the test that holds the two together
  window.editorBeforeReact = { running, texts, fill, nameOf, post, toast, markup: { toast: toastCard, dialog: dialogOf, available: availableLook, visible: visibleLook } };

  // back from the product form without JavaScript's help (a document load): its "saved" toast, once
  function confirmSaved() {
    const saved = document.querySelector('[data-menu-editor]')?.getAttribute('data-saved-message');
    if (!saved || running()) return;
    toast(saved, true);
    const url = new URL(location.href);
    url.searchParams.delete('saved');
    history.replaceState(history.state, '', url);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', confirmSaved, { once: true });
  else confirmSaved();
})();
