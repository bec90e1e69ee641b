// @ts-check
// The public pages sent without React (decision 0026): the cookie banner of docs/product-spec.md section 4, the
// privacy-policy modal of docs/product-spec.md section 2 and the header menu's Escape, in plain script. The rules
// are those of ui/consent/consent.ts and ui/consent/*.tsx (their hydrated twins); the server
// writes in the banner's data-delay whether this path asks for consent. Checked by tsc (`// @ts-check`).
(function () {
  var doc = document;
  var KEY = 'cookie-consent';
  function read() {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  }
  /** @param {string | null} value */
  function write(value) {
    try {
      if (value === null) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, value);
    } catch {
      /* storage off: the banner simply asks again next time */
    }
  }
  function decided() {
    var value = read();
    return value === 'true' || value === 'all' || value === 'essential';
  }
  // docs/product-spec.md section 3: on start-up the stale payment keys go (staleStorageKeys)
  try {
    Object.keys(localStorage).forEach(function (key) {
      if (key.indexOf('subscription_') === 0 || key.indexOf('stripe') !== -1) localStorage.removeItem(key);
    });
  } catch {
    /* storage off */
  }

  // the banner: after its delay on the paths that ask, else 'true' stored silently (consentOnOpen)
  const banner = doc.getElementById('cookie-banner');
  /** @type {HTMLElement | null} */
  var settingsButton = null;
  if (banner && !decided()) {
    var delay = banner.getAttribute('data-delay');
    if (delay)
      setTimeout(function () {
        if (!decided()) banner.hidden = false;
      }, Number(delay));
    else write('true');
  }
  // back/forward may bring this page back as it was left, banner showing, after a choice made on
  // another page: the stored choice wins
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted || !banner || !decided()) return;
    banner.hidden = true;
    settingsButton = null;
  });
  doc.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target || !banner) return;
    var settings = target.closest('[data-cookie-settings]');
    if (settings) {
      // the footer's link: forget the choice and ask again, focus on the banner's first button
      write(null);
      settingsButton = /** @type {HTMLElement} */ (settings);
      banner.hidden = false;
      banner.querySelector('button')?.focus();
      return;
    }
    var choice = target.closest('[data-consent]');
    if (choice && banner.contains(choice)) {
      write(choice.getAttribute('data-consent'));
      banner.hidden = true;
      // back where the keyboard user came from (the footer's link), not lost on a hidden button
      if (settingsButton) settingsButton.focus();
      settingsButton = null;
      return;
    }
    if (target.closest('[data-privacy-open]')) openPolicy(target.closest('[data-privacy-open]'));
  });

  // the privacy modal: a native <dialog> (focus inside, Escape closes it), the policy taken out of
  // its <template> on first opening; ×, Close and a click on the overlay close it too
  const dialog = /** @type {HTMLDialogElement | null} */ (doc.getElementById('privacy-modal'));
  /** @type {HTMLElement | null} */
  var opener = null;
  /** @param {Element | null} button */
  function openPolicy(button) {
    if (!dialog || dialog.open) return;
    var template = /** @type {HTMLTemplateElement | null} */ (dialog.querySelector('template[data-privacy-policy]'));
    if (template) template.replaceWith(template.content);
    opener = /** @type {HTMLElement} */ (button);
    dialog.showModal();
  }
  if (dialog) {
    dialog.addEventListener('click', function (event) {
      var target = event.target;
      // a click on the backdrop lands on the dialog element itself, not on its content
      if (target === dialog || (target instanceof Element && target.closest('[data-dialog-close]'))) dialog.close();
    });
    dialog.addEventListener('close', function () {
      if (opener && doc.contains(opener)) opener.focus();
      opener = null;
    });
  }

  // the header's mobile menu is a <details> (it opens without script): Escape closes it with
  // focus back on its toggle, whose hidden label follows the state; back/forward shows it closed
  const menu = /** @type {HTMLDetailsElement | null} */ (doc.querySelector('.site-header details'));
  if (menu) {
    // a <details> here always has its <summary>
    const summary = /** @type {HTMLElement} */ (menu.querySelector('summary'));
    var label = summary.querySelector('[data-open-label]');
    menu.addEventListener('toggle', function () {
      if (label) label.textContent = label.getAttribute(menu.open ? 'data-close-label' : 'data-open-label');
    });
    doc.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape' || !menu.open || (dialog && dialog.open)) return;
      menu.open = false;
      summary.focus();
    });
    window.addEventListener('pageshow', function (event) {
      if (event.persisted) menu.open = false;
    });
  }
})();
