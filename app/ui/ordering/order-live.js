// The guest's order page, live (decision 0032): the order's stream says when its state changes;
// the part of the page that shows it (#order-live) is then redrawn from the page itself, so every
// word stays the server's. The stream reconnects by itself and sends the current state first, so a
// lost connection or a sleeping phone catches up; without EventSource the page looks every 15 s.
(function () {
  var doc = document;
  var box = doc.getElementById('order-live');
  if (!box || !box.getAttribute('data-live')) return;
  var busy = false;
  function redraw() {
    if (busy) return;
    busy = true;
    fetch(location.href, { headers: { Accept: 'text/html' }, cache: 'no-store' })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, 'text/html').getElementById('order-live');
        if (!next) return;
        box.replaceWith(next);
        box = next;
        if (!box.getAttribute('data-live') && source) source.close();
      })
      .catch(function () { /* the next state or look tries again */ })
      .then(function () { busy = false; });
  }
  var source = null;
  if ('EventSource' in window) {
    source = new EventSource(box.getAttribute('data-live'));
    source.addEventListener('state', function (event) {
      try {
        if (JSON.parse(event.data).status !== box.getAttribute('data-status')) redraw();
        else if (box.getAttribute('data-eta') !== String(JSON.parse(event.data).etaMinutes)) redraw();
      } catch { redraw(); }
    });
  } else {
    setInterval(redraw, 15000);
  }
})();
