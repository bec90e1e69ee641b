// The guest menu's ordering hook (decision 0032), on a menu whose location takes orders only, so a
// guest of any other menu downloads nothing of it. The cart script (menu-cart.js) loads on the first
// "Adaugă" only, or when a cart exists; without either, the plain form still posts.
(function () {
  var doc = document;
  var bar = doc.getElementById('cart-bar');
  if (!bar) return;
  function withCart(call, form, button) {
    if (window.bucateCart) return call(window.bucateCart);
    var script = doc.createElement('script');
    script.src = bar.getAttribute('data-cart-script');
    script.onload = function () {
      call(window.bucateCart);
    };
    // the script did not come: the plain form's post still adds
    if (form)
      script.onerror = function () {
        window.bucateCartPost(form, button);
      };
    doc.head.appendChild(script);
  }
  window.bucateCartPost = function (form, button) {
    var input = doc.createElement('input');
    input.type = 'hidden';
    input.name = 'p';
    input.value = button.value;
    form.appendChild(input);
    form.submit();
  };
  doc.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.hasAttribute('data-add')) return;
    event.preventDefault();
    var button = event.submitter || form.querySelector('button');
    withCart(
      function (cart) {
        cart.add(form, button);
      },
      form,
      button,
    );
  });
  // a dish with choices (issue 35): its page gets the table code of the QR link and the allergens hidden with the filter
  doc.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[data-choose]');
    if (!link) return;
    var url = new URL(link.href);
    var via = new URLSearchParams(location.search).get('via');
    if (via) url.searchParams.set('via', via);
    doc.querySelectorAll('input[name="hide-allergen"]:checked').forEach(function (box) {
      url.searchParams.append('a', box.value);
    });
    link.href = url.toString();
  });
  // a table's QR code opened the menu (issue 36): its call link shows, with the table's code
  var tableCode = new URLSearchParams(location.search).get('via');
  var call = doc.querySelector('a[data-call-waiter]');
  if (call && tableCode) {
    var callUrl = new URL(call.href);
    callUrl.searchParams.set('via', tableCode);
    call.href = callUrl.toString();
    call.hidden = false;
  }
  if (/(^|; )cart=/.test(doc.cookie))
    withCart(function (cart) {
      cart.refresh();
    });
})();
