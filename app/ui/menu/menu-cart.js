// The guest menu's cart (decision 0032), loaded by menu-add.js on the first "Adaugă": adds a
// dish without leaving the page (the same route the plain form posts to, asked for JSON) and shows
// the cart bar's count and total. The table code of the QR link (?via=) goes with each dish.
(function () {
  if (window.bucateCart) return;
  var doc = document;
  var bar = doc.getElementById('cart-bar');
  var summary = bar && bar.querySelector('[data-cart-summary]');
  var query = new URLSearchParams(location.search);
  var via = query.get('via') || '';
  var status = doc.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'sr-only';
  if (bar) bar.appendChild(status);
  function show(data, message) {
    if (summary) summary.textContent = data.ok ? data.summary : data.error;
    if (bar) bar.setAttribute('data-count', String(data.count || 0));
    status.textContent = message || '';
  }
  function ask(url, init) {
    init.headers = { Accept: 'application/json' };
    init.credentials = 'same-origin';
    return fetch(url, init).then(function (response) {
      return response.json();
    });
  }
  window.bucateCart = {
    add: function (form, button) {
      var body = new FormData();
      body.append('p', button.value);
      if (via) body.append('via', via);
      button.disabled = true;
      ask(form.action, { method: 'POST', body: body })
        .then(function (data) {
          show(data, data.ok ? data.message : data.error);
        })
        // the network failed: the plain form's post (menu-add.js) still adds
        .catch(function () {
          window.bucateCartPost(form, button);
        })
        .then(function () {
          button.disabled = false;
        });
    },
    refresh: function () {
      var lang = bar && bar.getAttribute('href').indexOf('lang=en') !== -1 ? '?lang=en' : '';
      ask(location.pathname + '/comanda/adauga' + lang, { method: 'GET' }).then(
        function (data) {
          if (data.count > 0) show(data);
        },
        function () {},
      );
    },
  };
})();
