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
(() => {
  const page = () => window.editorBeforeReact;
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
    announce(page().fill(page().texts().dragPicked, { name: page().nameOf(entry.row) }));
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
    announce(page().texts().dragCancelled);
  }

  async function drop() {
    const ended = end();
    if (!ended.active) return;
    const { layout, order, entry, list } = ended;
    const ids = order.map((e) => e.id);
    const name = page().nameOf(entry.row);
    const position = { name, position: String(order.indexOf(entry) + 1), total: String(order.length) };
    const shown = layout.rows.map((e) => e.id);
    announce(page().fill(page().texts().dragDropped, position));
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
    const outcome = await page().post(fields);
    if (!outcome.ok) {
      if (page().running()) list.dispatchEvent(new CustomEvent('sortable:refused'));
      else {
        for (const [row, offset] of ended.before) row.dataset.offsetBeforeReact = String(offset);
        putBack(ended);
        if (previous === null) list.removeAttribute('data-order-before-react');
        else list.setAttribute('data-order-before-react', previous);
        showEnds(list, shown);
      }
    }
    page().toast(outcome.message, outcome.ok);
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
    if (!page() || page().running() || drag || !event.isPrimary || event.button !== 0 || !(event.target instanceof Element)) return;
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
    if (page().running()) return cancel();
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
})();
