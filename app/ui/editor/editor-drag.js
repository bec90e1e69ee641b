// @ts-check
// Drag and drop with a pointer (mouse, finger) in the menu editor before React (decision 0033,
// issue 26). The lists are React's (sortable-list.tsx): a <ul data-reorder-intent> of
// <li data-sortable-id data-name> rows, each with its drag handle. Here a drag moves the rows with
// CSS transforms over the order the server drew (the markup React hydrates stays as it is), the
// others slide aside, the page scrolls near the window's edges, and at the drop the new order is
// saved through the editor's JSON twin and announced. The list is left `data-order-before-react`,
// which React's list takes over when it starts. A keyboard drag is React's (dnd-kit): a keyboard
// reaching a handle starts it (react-on-demand.js, `window.reactOnDemandPointer`).
//
// It posts and shows its answers with the editor's page script (editor-enhance.js,
// `window.editorBeforeReact`); both load `async`, in either order, and only listen on the document.
// Types: ../page-scripts.d.ts.
(() => {
  // checked on each press: it has arrived when a drag begins
  const page = () => /** @type {BeforeReact.Editor} */ (window.editorBeforeReact);
  const HANDLE = '[data-reorder-intent] [aria-roledescription="sortable"]';
  (window.reactOnDemandPointer ??= []).push(HANDLE);
  const ACTIVATE = 6; // px moved before a press becomes a drag (dnd-kit's pointer sensor: the same)
  const EDGE = 56; // px from the window's top or bottom edge where a drag scrolls the page
  const DRAG_CLASSES = ['relative', 'z-10', 'opacity-80', 'shadow-lg'];
  /** @type {BeforeReact.Drag | null} */
  let drag = null;

  function place(/** @type {HTMLElement} */ row, /** @type {number} */ offset, /** @type {boolean} */ animate) {
    row.style.transition = animate && !matchMedia('(prefers-reduced-motion: reduce)').matches ? 'transform 200ms ease' : '';
    row.style.transform = offset ? `translate3d(0, ${offset}px, 0)` : '';
  }

  // created before its first message (a region that appears already speaking is often not read)
  /** @type {HTMLElement | undefined} */
  let announcer;
  function prepareAnnouncer() {
    if (announcer) return;
    announcer = document.createElement('div');
    announcer.setAttribute('data-before-react', '');
    announcer.setAttribute('aria-live', 'assertive');
    announcer.setAttribute('aria-atomic', 'true');
    announcer.className = 'sr-only';
    document.body.append(announcer);
  }
  function announce(/** @type {string} */ message) {
    prepareAnnouncer();
    if (announcer) announcer.textContent = message;
  }

  /**
   * A list's rows as the owner sees them: each where the server drew it (its layout position,
   * which transforms leave alone, so neither a slide still running nor a row hidden since misleads),
   * in the order of the last drop (`data-order-before-react`; rows it did not know go last), with the
   * spacing between drawn neighbours kept by position. `at` is where each row is shown.
   */
  function layoutOf(/** @type {Element} */ list) {
    const drawn = /** @type {HTMLElement[]} */ ([...list.children])
      .filter((row) => row.hasAttribute('data-sortable-id') && !row.hidden)
      .map((row) => ({ row, id: row.getAttribute('data-sortable-id') ?? '', drawnAt: row.offsetTop, height: row.offsetHeight }))
      .sort((a, b) => a.drawnAt - b.drawnAt);
    const gaps = drawn.slice(1).map((next, i) => {
      const above = /** @type {BeforeReact.Entry} */ (drawn[i]);
      return Math.max(0, next.drawnAt - (above.drawnAt + above.height));
    });
    const stored = list.getAttribute('data-order-before-react');
    const byId = new Map(drawn.map((entry) => [entry.id, entry]));
    const known =
      stored === null
        ? drawn
        : stored
            .split(',')
            .map((id) => byId.get(id))
            .filter((entry) => entry !== undefined);
    const order = [...known, ...drawn.filter((entry) => !known.includes(entry))];
    return { drawn, gaps, order, at: slots({ drawn, gaps }, order) };
  }

  /** Where each row of `order` sits, from the list's first drawn position down. */
  function slots(/** @type {Pick<BeforeReact.Layout, 'drawn' | 'gaps'>} */ { drawn, gaps }, /** @type {BeforeReact.Entry[]} */ order) {
    const at = /** @type {BeforeReact.Slots} */ (new Map());
    let top = drawn[0]?.drawnAt ?? 0;
    order.forEach((entry, i) => {
      at.set(entry, top);
      top += entry.height + (gaps[i] ?? gaps[gaps.length - 1] ?? 0);
    });
    return at;
  }

  /** Every row of the list where its order puts it (after a drop, a refusal, a row hidden or shown, a resize). */
  function relayout(/** @type {Element} */ list, /** @type {boolean} */ animate) {
    const layout = layoutOf(list);
    for (const entry of layout.order) place(entry.row, layout.at.get(entry) - entry.drawnAt, animate);
    return layout;
  }

  /** The order the dragged row would land in, its centre now at `centre`. */
  function orderFor(/** @type {BeforeReact.Drag} */ { layout, entry }, /** @type {number} */ centre) {
    const others = layout.order.filter((other) => other !== entry);
    const index = others.filter((other) => layout.at.get(other) + other.height / 2 < centre).length;
    return [...others.slice(0, index), entry, ...others.slice(index)];
  }

  function follow(/** @type {BeforeReact.Drag} */ drag) {
    const moved = drag.lastY - drag.startY + (scrollY - drag.startScroll);
    const { entry, layout } = drag;
    const top = layout.at.get(entry) + moved;
    const order = orderFor(drag, top + entry.height / 2);
    const at = slots(layout, order);
    for (const other of layout.order) if (other !== entry) place(other.row, at.get(other) - other.drawnAt, true);
    place(entry.row, top - entry.drawnAt, false);
    drag.order = order;
  }

  function scrollNearEdges() {
    if (!drag?.active) return;
    const speed = drag.lastClientY < EDGE ? -12 : drag.lastClientY > innerHeight - EDGE ? 12 : 0;
    if (speed) {
      scrollBy(0, speed);
      follow(drag);
    }
    drag.frame = requestAnimationFrame(scrollNearEdges);
  }

  function begin(/** @type {BeforeReact.Drag} */ drag) {
    const layout = layoutOf(drag.list);
    const entry = layout.order.find((candidate) => candidate.row === drag.row);
    if (!entry) return cancel();
    Object.assign(drag, { active: true, layout, entry, order: layout.order });
    drag.row.classList.add(...DRAG_CLASSES);
    announce(page().fill(page().texts().dragPicked, { name: page().nameOf(entry.row) }));
    drag.frame = requestAnimationFrame(scrollNearEdges);
  }

  /** @returns {BeforeReact.Drag} the drag there was (called only during one) */
  function end() {
    const ended = /** @type {BeforeReact.Drag} */ (drag);
    drag = null;
    cancelAnimationFrame(ended.frame ?? 0);
    try {
      ended.handle.releasePointerCapture(ended.pointerId);
    } catch {
      // not captured (a synthetic event)
    }
    if (ended.active) ended.row.classList.remove(...DRAG_CLASSES);
    return ended;
  }

  function cancel() {
    const ended = end();
    if (!ended.active) return;
    relayout(ended.list, true);
    announce(page().texts().dragCancelled);
  }

  async function drop() {
    const ended = end();
    if (!ended.active) return;
    const { layout, order, entry, list } = ended;
    const ids = order.map((e) => e.id);
    const shown = layout.order.map((e) => e.id);
    announce(page().fill(page().texts().dragDropped, { name: page().nameOf(entry.row), position: String(order.indexOf(entry) + 1), total: String(order.length) }));
    if (ids.join(',') === shown.join(',')) {
      relayout(list, true);
      return;
    }
    const previous = list.getAttribute('data-order-before-react');
    list.setAttribute('data-order-before-react', ids.join(','));
    relayout(list, true);
    showEnds(list, ids);
    /** @type {Record<string, string>} */
    const fields = { intent: list.getAttribute('data-reorder-intent') ?? '', order: ids.join(',') };
    const parentId = list.getAttribute('data-reorder-parent');
    if (parentId) fields.parentId = parentId;
    const outcome = await page().post(fields);
    if (!outcome.ok) {
      if (page().running()) list.dispatchEvent(new CustomEvent('sortable:refused'));
      else {
        if (previous === null) list.removeAttribute('data-order-before-react');
        else list.setAttribute('data-order-before-react', previous);
        relayout(list, true);
        showEnds(list, shown);
      }
    }
    page().toast(outcome.message, outcome.ok);
  }

  /** The rows' "up" and "down" buttons: disabled at the new ends of the list, as React draws them. */
  function showEnds(/** @type {Element} */ list, /** @type {string[]} */ ids) {
    ids.forEach((id, i) => {
      const row = list.querySelector(`:scope > [data-sortable-id="${CSS.escape(id)}"]`);
      const up = /** @type {HTMLButtonElement | null | undefined} */ (row?.querySelector(`button[value$="${CSS.escape(`:${id}:up`)}"]`));
      const down = /** @type {HTMLButtonElement | null | undefined} */ (row?.querySelector(`button[value$="${CSS.escape(`:${id}:down`)}"]`));
      if (up) up.disabled = i === 0;
      if (down) down.disabled = i === ids.length - 1;
    });
  }

  document.addEventListener('pointerdown', (event) => {
    if (!page() || page().running() || drag || !event.isPrimary || event.button !== 0 || !(event.target instanceof Element)) return;
    const handle = event.target.closest(HANDLE);
    const row = handle?.closest('[data-sortable-id]');
    const list = row?.parentElement;
    if (!handle || !list?.hasAttribute('data-reorder-intent')) return;
    prepareAnnouncer();
    // its layout, row entry and order are set as it begins
    drag = /** @type {BeforeReact.Drag} */ ({
      handle,
      row,
      list,
      pointerId: event.pointerId,
      startY: event.clientY,
      lastY: event.clientY,
      lastClientY: event.clientY,
      startScroll: scrollY,
      active: false,
    });
    try {
      handle.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic event has no pointer to capture; the document still hears its moves
    }
  });
  document.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (page().running()) return cancel();
    drag.lastY = event.clientY;
    drag.lastClientY = event.clientY;
    if (!drag.active && Math.abs(drag.lastY - drag.startY) >= ACTIVATE) begin(drag);
    if (drag?.active) {
      event.preventDefault();
      follow(drag);
    }
  });
  document.addEventListener('pointerup', (event) => {
    if (drag && event.pointerId === drag.pointerId) void drop();
  });
  document.addEventListener('pointercancel', (event) => {
    if (drag && event.pointerId === drag.pointerId) cancel();
  });
  document.addEventListener(
    'keydown',
    (event) => {
      if (drag?.active && event.key === 'Escape') cancel();
    },
    true,
  );

  // a row hidden (deleted) or shown again (a refused delete) by the page's other script, or a new width: the rows re-placed
  document.addEventListener('sortable:relayout', (event) => {
    if (event.target instanceof Element && event.target.hasAttribute('data-order-before-react') && !page()?.running()) relayout(event.target, true);
  });
  addEventListener('resize', () => {
    if (page()?.running()) return;
    for (const list of document.querySelectorAll('[data-order-before-react]')) relayout(list, false);
  });
  // React took over mid-drag (it was starting as the drag began): its lists draw the order now, the drag ends where it is
  addEventListener('react:hydrated', () => {
    if (!drag) return;
    const ended = end();
    if (!ended.active) return;
    for (const entry of ended.layout.order) place(entry.row, 0, false);
    announce(page().texts().dragCancelled);
  });
})();
