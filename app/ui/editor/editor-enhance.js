// The menu editor before React (decision 0033, issue 26). The page is HTML that works without any
// script (each row button posts its category's one form); this script makes the owner's phone
// operations instant before React has started: sold out / available, show / hide and delete (after
// its question) are posted in the background to the editor's JSON twin (`/{slug}/admin/menu-actions`),
// the row flips at once, the server's answer is a toast, and a refusal flips it back. A drag of a
// row's handle with a pointer (mouse, touch) reorders its list here too. Anything else a row form's
// button does (move, copy) starts React and is replayed there (react-on-demand.js).
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
    if (target) target.hidden = true;
    const outcome = await post({ intent: operation });
    if (!outcome.ok && target) target.hidden = false;
    toast(outcome.message, outcome.ok);
  }

  // ---- drag and drop with a pointer (mouse, touch), before React ----
  // The lists are React's (sortable-list.tsx): a <ul data-reorder-intent> of <li data-sortable-id>
  // rows, each with its drag handle. Here a drag moves the rows with CSS transforms over the order
  // the server drew (the markup React hydrates stays as it is), the new order is saved through the
  // editor's JSON twin, and the list is left `data-order-before-react`, which React's list takes
  // over when it starts. A keyboard drag is React's: focusing a handle from the keyboard starts it.
  const HANDLE = '[data-reorder-intent] [aria-roledescription="sortable"]';
  (window.reactOnDemandPointer ??= []).push(HANDLE);
  const ACTIVATE = 6; // px moved before a press becomes a drag (dnd-kit's pointer sensor: the same)
  const EDGE = 56; // px from the window's top or bottom edge where a drag scrolls the page
  const DRAG_CLASSES = ['relative', 'z-10', 'opacity-80', 'shadow-lg'];
  let drag = null;

  const offsetOf = (row) => Number(row.dataset.offsetBeforeReact ?? 0);
  function place(row, offset, animate) {
    row.style.transition = animate && !matchMedia('(prefers-reduced-motion: reduce)').matches ? 'transform 200ms ease' : '';
    row.style.transform = offset ? `translate3d(0, ${offset}px, 0)` : '';
  }

  let announcer;
  function announce(message) {
    if (!announcer) {
      announcer = document.createElement('div');
      announcer.setAttribute('data-before-react', '');
      announcer.setAttribute('aria-live', 'assertive');
      announcer.setAttribute('aria-atomic', 'true');
      announcer.className = 'sr-only';
      document.body.append(announcer);
    }
    announcer.textContent = message;
  }

  /** The rows as they are seen now (transforms included), top to bottom, with where each was drawn. */
  function measure(list) {
    const rows = [...list.children]
      .filter((row) => row.hasAttribute('data-sortable-id') && !row.hidden)
      .map((row) => {
        const rect = row.getBoundingClientRect();
        const top = rect.top + scrollY;
        return { row, id: row.getAttribute('data-sortable-id'), top, height: rect.height, drawnAt: top - offsetOf(row) };
      })
      .sort((a, b) => a.top - b.top);
    // the space between two neighbours (the list's own spacing), kept by position
    const gaps = rows.slice(1).map((next, i) => Math.max(0, next.top - (rows[i].top + rows[i].height)));
    return { rows, gaps };
  }

  /** Where each row of `order` sits, from the list's first position down. */
  function slots(order, gaps, first) {
    const at = new Map();
    let top = first;
    order.forEach((entry, i) => {
      at.set(entry, top);
      top += entry.height + (gaps[i] ?? gaps[gaps.length - 1] ?? 0);
    });
    return at;
  }

  /** The order the dragged row would land in, its centre now at `centre`. */
  function orderFor(centre) {
    const others = drag.layout.rows.filter((entry) => entry !== drag.entry);
    const index = others.filter((entry) => entry.top + entry.height / 2 < centre).length;
    return [...others.slice(0, index), drag.entry, ...others.slice(index)];
  }

  function follow() {
    const moved = drag.lastY - drag.startY + (scrollY - drag.startScroll);
    const { entry, layout } = drag;
    const order = orderFor(entry.top + moved + entry.height / 2);
    const at = slots(order, layout.gaps, layout.rows[0].top);
    for (const other of layout.rows) if (other !== entry) place(other.row, at.get(other) - other.drawnAt, true);
    place(entry.row, entry.top + moved - entry.drawnAt, false);
    drag.order = order;
  }

  function scrollNearEdges() {
    if (!drag?.active) return;
    const speed = drag.lastClientY < EDGE ? -12 : drag.lastClientY > innerHeight - EDGE ? 12 : 0;
    if (speed) {
      scrollBy(0, speed);
      follow();
    }
    drag.frame = requestAnimationFrame(scrollNearEdges);
  }

  function begin() {
    const layout = measure(drag.list);
    const entry = layout.rows.find((candidate) => candidate.row === drag.row);
    if (!entry) return cancel();
    Object.assign(drag, { active: true, layout, entry, before: layout.rows.map((e) => [e.row, offsetOf(e.row)]) });
    drag.row.classList.add(...DRAG_CLASSES);
    announce(fill(texts().dragPicked, { name: nameOf(entry.row) }));
    drag.frame = requestAnimationFrame(scrollNearEdges);
  }

  function end() {
    const ended = drag;
    drag = null;
    cancelAnimationFrame(ended.frame);
    try {
      ended.handle.releasePointerCapture(ended.pointerId);
    } catch {
      // not captured (a synthetic event)
    }
    if (ended.active) ended.row.classList.remove(...DRAG_CLASSES);
    return ended;
  }

  /** Every row back where it was before this drag. */
  function putBack(ended) {
    for (const [row, offset] of ended.before) place(row, offset, true);
  }

  function cancel() {
    const ended = end();
    if (!ended.active) return;
    putBack(ended);
    announce(texts().dragCancelled);
  }

  async function drop() {
    const ended = end();
    if (!ended.active) return;
    const { layout, order, entry, list } = ended;
    const ids = order.map((e) => e.id);
    const name = nameOf(entry.row);
    const position = { name, position: String(order.indexOf(entry) + 1), total: String(order.length) };
    const shown = layout.rows.map((e) => e.id);
    announce(fill(texts().dragDropped, position));
    if (ids.join(',') === shown.join(',')) {
      putBack(ended);
      return;
    }
    const at = slots(order, layout.gaps, layout.rows[0].top);
    const previous = list.getAttribute('data-order-before-react');
    for (const e of order) {
      const offset = at.get(e) - e.drawnAt;
      e.row.dataset.offsetBeforeReact = String(offset);
      place(e.row, offset, true);
    }
    list.setAttribute('data-order-before-react', ids.join(','));
    showEnds(list, ids);
    const fields = { intent: list.getAttribute('data-reorder-intent'), order: ids.join(',') };
    const parentId = list.getAttribute('data-reorder-parent');
    if (parentId) fields.parentId = parentId;
    const outcome = await post(fields);
    if (!outcome.ok) {
      if (running()) list.dispatchEvent(new CustomEvent('sortable:refused'));
      else {
        for (const [row, offset] of ended.before) row.dataset.offsetBeforeReact = String(offset);
        putBack(ended);
        if (previous === null) list.removeAttribute('data-order-before-react');
        else list.setAttribute('data-order-before-react', previous);
        showEnds(list, shown);
      }
    }
    toast(outcome.message, outcome.ok);
  }

  /** The rows' "up" and "down" buttons: disabled at the new ends of the list, as React draws them. */
  function showEnds(list, ids) {
    ids.forEach((id, i) => {
      const row = list.querySelector(`:scope > [data-sortable-id="${CSS.escape(id)}"]`);
      const up = row?.querySelector(`button[value$="${CSS.escape(`:${id}:up`)}"]`);
      const down = row?.querySelector(`button[value$="${CSS.escape(`:${id}:down`)}"]`);
      if (up) up.disabled = i === 0;
      if (down) down.disabled = i === ids.length - 1;
    });
  }

  document.addEventListener('pointerdown', (event) => {
    if (running() || drag || !event.isPrimary || event.button !== 0 || !(event.target instanceof Element)) return;
    const handle = event.target.closest(HANDLE);
    const row = handle?.closest('[data-sortable-id]');
    const list = row?.parentElement;
    if (!handle || !list?.hasAttribute('data-reorder-intent')) return;
    drag = { handle, row, list, pointerId: event.pointerId, startY: event.clientY, lastY: event.clientY, lastClientY: event.clientY, startScroll: scrollY, active: false };
    try {
      handle.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic event has no pointer to capture; the document still hears its moves
    }
  });
  document.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (running()) return cancel();
    drag.lastY = event.clientY;
    drag.lastClientY = event.clientY;
    if (!drag.active && Math.abs(drag.lastY - drag.startY) >= ACTIVATE) begin();
    if (drag?.active) {
      event.preventDefault();
      follow();
    }
  });
  document.addEventListener('pointerup', (event) => {
    if (drag && event.pointerId === drag.pointerId) void drop();
  });
  document.addEventListener('pointercancel', (event) => {
    if (drag && event.pointerId === drag.pointerId) cancel();
  });
  document.addEventListener('keydown', (event) => {
    if (drag?.active && event.key === 'Escape') cancel();
  }, true);

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
