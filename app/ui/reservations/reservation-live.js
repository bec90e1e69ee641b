// The guest's reservation page, live (decision 0032): the reservation's stream says when its status
// changes; the part of the page that shows it (#reservation-live) is then redrawn from the page
// itself, so every word stays the server's. The status line changes in place (a screen reader reads
// it out); what surrounds it is the new page's. The stream reconnects by itself and sends the status
// first, so a lost connection or a sleeping phone catches up; without EventSource it looks every 30 s.
(function () {
  var box = document.getElementById('reservation-live');
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
    keep.setAttribute('data-status', fresh.getAttribute('data-status'));
    keep.innerHTML = fresh.innerHTML;
    // the status line stays in the page (never taken out and put back): only its neighbours change
    Array.from(keep.parentNode.childNodes).forEach(function (node) { if (node !== keep) node.remove(); });
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
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, 'text/html').getElementById('reservation-live');
        if (!next) return;
        swap(next);
        box.setAttribute('data-status', next.getAttribute('data-status'));
        if (!next.getAttribute('data-live')) {
          box.removeAttribute('data-live');
          if (source) source.close();
        }
      })
      .catch(function () { /* the next status or look tries again */ })
      .then(function () {
        busy = false;
        if (again) redraw();
      });
  }
  if ('EventSource' in window) {
    source = new EventSource(box.getAttribute('data-live'));
    source.addEventListener('state', function (event) {
      try {
        if (JSON.parse(event.data).status !== box.getAttribute('data-status')) redraw();
      } catch { redraw(); }
    });
  } else {
    setInterval(redraw, 30000);
  }
})();
