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
(() => {
  const onDemand = () => window.reactOnDemand;
  const running = () => onDemand()?.running === true;
  let read;
  /** the editor's texts for this script (`data-menu-editor`, menu-editor.tsx) */
  const texts = () => (read ??= JSON.parse(document.querySelector('[data-menu-editor]')?.getAttribute('data-menu-editor') ?? '{}'));
  /** a text with its `{name}`, `{position}`… filled in */
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);
  const endpoint = `${location.pathname.replace(/\/$/, '')}/menu-actions`;
  // the row forms' own buttons are answered here; their drag handles and ticks are React's
  (window.reactOnDemandHandled ??= []).push('form[data-before-react] button[name="intent"], form[data-before-react] button[data-ask]');

  // ---- the toast: React's own live regions and card look, one at a time ----
  const DURATION = 3000;
  let toastTimer;
  function toast(message, ok) {
    for (const old of document.querySelectorAll('[data-toast-before-react]')) old.remove();
    const region = document.querySelector(ok ? '[data-testid="toast-status"]' : '[data-testid="toast-alert"]');
    if (!region) return;
    const card = document.createElement('div');
    card.setAttribute('data-toast-before-react', '');
    card.dataset.testid = 'toast';
    card.dataset.type = ok ? 'success' : 'error';
    card.className = 'pointer-events-auto w-80 max-w-[90vw] overflow-hidden rounded-[10px] border border-stone-200 bg-white text-stone-900 shadow-lg dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100';
    const colour = ok ? 'bg-olive-600' : 'bg-primary-600';
    card.innerHTML = `<div class="flex items-start gap-3 p-4"><span aria-hidden="true" class="flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${colour}">${ok ? '✓' : '!'}</span><p class="min-w-0 flex-1"></p></div><div class="toast-progress h-1 origin-left ${colour}" style="animation-duration:${DURATION}ms"></div>`;
    card.querySelector('p').textContent = message;
    region.append(card);
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => card.remove(), DURATION);
  }

  // ---- posting one operation (a row button's `intent`, or a list's new order): the server's answer, or a failure in the owner's language ----
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
  // a dish row, or a list's row (a category), says its name
  const nameOf = (element) => element.closest('[data-name]')?.getAttribute('data-name') ?? '';

  function showAvailable(button, available) {
    const name = nameOf(button);
    const [intent, id] = button.value.split(':');
    button.value = `${intent}:${id}:${!available}`;
    button.dataset.available = String(available);
    button.textContent = available ? texts().available : texts().soldOut;
    const label = fill(available ? texts().markSoldOut : texts().markAvailable, { name });
    button.setAttribute('aria-label', label);
    button.title = label;
  }

  function showVisible(button, visible) {
    const name = nameOf(button);
    const [intent, id] = button.value.split(':');
    button.value = `${intent}:${id}:${!visible}`;
    button.dataset.visible = String(visible);
    button.querySelector('use')?.setAttribute('href', visible ? '#icon-eye' : '#icon-eye-off');
    const label = fill(visible ? texts().hide : texts().show, { name });
    button.setAttribute('aria-label', label);
    button.title = label;
    // the row (a dish) or the card's header line (a category) says "hidden"
    const row = button.closest('[data-product-id]');
    if (row) row.dataset.visible = String(visible);
    const badge = (row ?? button.closest('section'))?.querySelector('[data-hidden-badge]');
    if (badge) badge.textContent = visible ? '' : texts().hidden;
  }

  const FLIPS = {
    'set-product-available': showAvailable,
    'set-product-visible': showVisible,
    'set-category-visible': showVisible,
  };

  /** A flag flipped at once, posted, and flipped back if the server refused it. */
  async function flip(button, show) {
    const operation = button.value;
    const value = operation.split(':')[2] === 'true';
    show(button, value);
    const outcome = await post({ intent: operation });
    if (!outcome.ok && button.value !== operation) show(button, !value);
    toast(outcome.message, outcome.ok);
  }

  // ---- delete: asked in a native modal dialog, as React's ConfirmDialog does ----
  function ask(button) {
    const operation = button.value;
    const product = operation.startsWith('delete-product:');
    const dialog = document.createElement('dialog');
    dialog.setAttribute('data-before-react', '');
    dialog.setAttribute('aria-label', button.getAttribute('aria-label') ?? '');
    dialog.className = 'm-auto max-w-md rounded-[12px] bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-950/50 dark:bg-stone-900 dark:text-stone-100';
    dialog.innerHTML = '<p class="text-lg"></p><form method="dialog" class="mt-6 flex flex-wrap justify-end gap-3"><button type="button" data-cancel autofocus></button><button type="submit"></button></form>';
    dialog.querySelector('p').textContent = fill(product ? texts().confirmDeleteProduct : texts().confirmDeleteCategory, { name: nameOf(button) });
    const [cancel, confirm] = dialog.querySelectorAll('button');
    cancel.textContent = texts().cancel;
    confirm.textContent = texts().confirm;
    cancel.className = texts().cancelClass;
    confirm.className = texts().confirmClass;
    cancel.addEventListener('click', () => dialog.close());
    dialog.querySelector('form').addEventListener('submit', (event) => {
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

  async function remove(button, operation) {
    // the row of its list (sortable-list.tsx), or a dish found by the search
    const target = button.closest('[data-sortable-id]') ?? button.closest('[data-product-id]');
    // a list reordered before React re-places its rows around the gap (editor-drag.js)
    const show = (shown) => {
      if (!target) return;
      target.hidden = !shown;
      target.parentElement?.dispatchEvent(new CustomEvent('sortable:relayout', { bubbles: true }));
    };
    show(false);
    const outcome = await post({ intent: operation });
    if (!outcome.ok) show(true);
    toast(outcome.message, outcome.ok);
  }

  // ---- the rows' forms: taken here until React runs ----
  document.addEventListener('submit', (event) => {
    if (running() || !(event.target instanceof HTMLFormElement) || !event.target.hasAttribute('data-before-react')) return;
    const button = event.submitter;
    if (!(button instanceof HTMLButtonElement) || button.name !== 'intent' || !button.value.includes(':')) return;
    const show = FLIPS[button.value.split(':')[0]];
    // move, copy: React's (its list re-draws the order), replayed once it runs; the form's own post if it cannot start
    const react = onDemand();
    if (!show && !react) return;
    event.preventDefault();
    if (show) void flip(button, show);
    else void react.start().then(() => button.isConnected && button.click());
  });

  document.addEventListener('click', (event) => {
    if (running() || !(event.target instanceof Element)) return;
    const button = event.target.closest('[data-before-react] button[data-ask]');
    if (!button) return;
    event.preventDefault();
    ask(button);
  });

  // for the page's other script (editor-drag.js): the same posts, toasts, texts and names
  window.editorBeforeReact = { running, texts, fill, nameOf, post, toast };

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
