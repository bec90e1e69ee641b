// A dish's running price on its choice page (issue 35): the same rule as the server's
// unitPriceWithChoices (a 'set' option is the price, then every other option's change is added,
// never below zero), times the quantity. Only shown: the server prices the cart again.
(function () {
  var form = document.querySelector('form[data-dish-form]');
  if (!form) return;
  var box = form.querySelector('[data-running]');
  var out = box && box.querySelector('output');
  var format = new Intl.NumberFormat(form.getAttribute('data-locale'), { style: 'currency', currency: form.getAttribute('data-currency') });
  function update() {
    var price = Number(form.getAttribute('data-base'));
    var picked = Array.prototype.slice.call(form.querySelectorAll('input[name="o"]:checked'));
    picked.forEach(function (input) {
      if (input.hasAttribute('data-set')) price = Number(input.getAttribute('data-price'));
    });
    picked.forEach(function (input) {
      if (!input.hasAttribute('data-set')) price += Number(input.getAttribute('data-price'));
    });
    var quantity = Math.min(20, Math.max(1, Math.floor(Number(form.elements.q.value)) || 1));
    out.textContent = format.format((Math.max(0, price) * quantity) / 100);
    box.hidden = false;
  }
  if (!out) return;
  form.addEventListener('change', update);
  form.addEventListener('input', update);
  update();
})();
