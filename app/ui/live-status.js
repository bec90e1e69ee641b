// A guest's order or reservation page, live (decisions 0031, 0032): the page's stream says when the
// state changes; the part of the page that shows it ([data-live-box]) is then redrawn from the page
// itself, so every word stays the server's, and so is every other part marked [data-live-part] (an order's lines and
// total: a line the staff take back, issue 36). The status line changes in place (a screen reader reads it
// out); what surrounds it is the new page's. The stream reconnects by itself and sends the state first,
// so a lost connection or a sleeping phone catches up; without EventSource the page looks every 15 s.
(function () {
  var box = document.querySelector('[data-live-box]');
  if (!box || !box.getAttribute('data-live')) return;
  var source = null;
  var busy = false;
  var again = false;
  function swap(next) {
    var keep = box.querySelector('[role="status"]');
    var fresh = next.querySelector('[role="status"]');
    if (!keep || !fresh) {
      box.replaceChildren.apply(box, Array.from(next.childNodes));
      return;
    }
    keep.className = fresh.className;
    if (fresh.hasAttribute('data-status')) keep.setAttribute('data-status', fresh.getAttribute('data-status'));
    keep.innerHTML = fresh.innerHTML;
    // the status line stays in the page (never taken out and put back): only its neighbours change
    Array.from(keep.parentNode.childNodes).forEach(function (node) {
      if (node !== keep) node.remove();
    });
    var nodes = Array.from(fresh.parentNode.childNodes);
    var at = nodes.indexOf(fresh);
    keep.before.apply(keep, nodes.slice(0, at));
    keep.after.apply(keep, nodes.slice(at + 1));
  }
  function redraw() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    fetch(location.href, { headers: { Accept: 'text/html' }, cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.text() : Promise.reject(response.status);
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, 'text/html');
        var next = page.querySelector('[data-live-box]');
        if (!next) return;
        swap(next);
        document.querySelectorAll('[data-live-part]').forEach(function (part) {
          var fresh = part.id ? page.getElementById(part.id) : null;
          if (fresh) part.replaceWith(document.importNode(fresh, true));
        });
        ['data-status', 'data-eta', 'data-updated'].forEach(function (name) {
          if (next.hasAttribute(name)) box.setAttribute(name, next.getAttribute(name));
        });
        if (!next.getAttribute('data-live')) {
          box.removeAttribute('data-live');
          if (source) source.close();
        }
      })
      .catch(function () {
        /* the next state or look tries again */
      })
      .then(function () {
        busy = false;
        if (again) redraw();
      });
  }
  // a change of status, of an order's estimated minutes, or of anything else the order's time of change says (a line taken back)
  function changed(state) {
    if (state.status !== box.getAttribute('data-status')) return true;
    if (box.hasAttribute('data-updated') && state.updatedAt !== box.getAttribute('data-updated')) return true;
    return box.hasAttribute('data-eta') && String(state.etaMinutes) !== box.getAttribute('data-eta');
  }
  if ('EventSource' in window) {
    source = new EventSource(box.getAttribute('data-live'));
    source.addEventListener('state', function (event) {
      try {
        if (changed(JSON.parse(event.data))) redraw();
      } catch {
        redraw();
      }
    });
  } else {
    setInterval(redraw, 15000);
  }
})();
