// Progressive enhancement of the guest menu (no framework: the page works without it).
// Search and the allergen filter run in the page, with no round trip; the category bar marks
// the section being read; the language switch keeps the guest's place; a service worker keeps
// the menu readable offline. No cookie: the menu's language lives in its address (?lang=).
(function () {
  var doc = document;
  var items = Array.prototype.slice.call(doc.querySelectorAll('[data-dish]'));
  var sections = Array.prototype.slice.call(doc.querySelectorAll('[data-category]'));
  var empty = doc.getElementById('menu-empty');
  // docs/product-spec.md section 4: menu pages store consent 'true' silently (no banner here); docs/product-spec.md section 3: on
  // start-up the stale payment keys go (the same rule as staleStorageKeys in ui/consent/consent.ts)
  try {
    if (!localStorage.getItem('cookie-consent')) localStorage.setItem('cookie-consent', 'true');
    Object.keys(localStorage).forEach(function (key) {
      if (key.indexOf('subscription_') === 0 || key.indexOf('stripe') !== -1) localStorage.removeItem(key);
    });
  } catch {
    /* storage off */
  }

  function fold(text) {
    return text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  }
  var search = doc.getElementById('menu-search');
  var boxes = Array.prototype.slice.call(doc.querySelectorAll('input[name="hide-allergen"]'));

  function apply() {
    var query = search ? fold(search.value.trim()) : '';
    var hidden = boxes
      .filter(function (b) {
        return b.checked;
      })
      .map(function (b) {
        return b.value;
      });
    var shown = 0;
    items.forEach(function (item) {
      var allergens = (item.getAttribute('data-allergens') || '').split(' ');
      var blocked = hidden.some(function (a) {
        return allergens.indexOf(a) !== -1;
      });
      var matches = !query || fold(item.textContent || '').indexOf(query) !== -1;
      item.hidden = blocked || !matches;
      if (!item.hidden) shown++;
    });
    sections.forEach(function (section) {
      section.hidden = !section.querySelector('[data-dish]:not([hidden])');
    });
    if (empty) empty.hidden = shown > 0;
  }
  // Owner insights (decision 0018): which dishes were opened, what was searched (and whether
  // anything matched), which allergens were hidden, sent once when the page is left. No cookie,
  // no identifier: a few words and counts, on this page only.
  var seen = { d: {}, q: {}, a: {} };
  var beacon = [];
  function note(kind, value) {
    if (!value || seen[kind][value]) return;
    seen[kind][value] = 1;
    beacon.push([kind, value]);
  }
  function send() {
    if (!beacon.length || !navigator.sendBeacon) return;
    var root = doc.getElementById('menu-root');
    var body = new URLSearchParams();
    body.append('s', location.pathname.slice(1));
    body.append('l', (root && root.getAttribute('data-location')) || '');
    beacon.splice(0, 20).forEach(function (pair) {
      body.append(pair[0], pair[1]);
    });
    try {
      navigator.sendBeacon('/api/beacon', body);
    } catch {
      /* nothing to do */
    }
  }
  doc.addEventListener('visibilitychange', function () {
    if (doc.visibilityState === 'hidden') send();
  });
  window.addEventListener('pagehide', send);
  doc.addEventListener(
    'toggle',
    function (event) {
      var details = event.target;
      var dish = details.open && details.closest && details.closest('[data-dish]');
      if (dish) note('d', dish.getAttribute('data-dish'));
    },
    true,
  );
  var typing;
  function noteSearch() {
    var query = search ? fold(search.value.trim()) : '';
    if (query.length > 1)
      note(
        'q',
        (items.some(function (i) {
          return !i.hidden;
        })
          ? '1:'
          : '0:') + query,
      );
  }
  if (search)
    search.addEventListener('input', function () {
      clearTimeout(typing);
      typing = setTimeout(noteSearch, 1500);
    });
  if (search) search.addEventListener('change', noteSearch);
  boxes.forEach(function (b) {
    b.addEventListener('change', function () {
      if (b.checked) note('a', b.value);
    });
  });

  if (search) search.addEventListener('input', apply);
  boxes.forEach(function (b) {
    b.addEventListener('change', apply);
  });
  var clear = doc.getElementById('menu-clear');
  if (clear)
    clear.addEventListener('click', function () {
      if (search) search.value = '';
      boxes.forEach(function (b) {
        b.checked = false;
      });
      apply();
    });

  // Mark the category being read in the sticky bar.
  var links = {};
  Array.prototype.slice.call(doc.querySelectorAll('[data-category-link]')).forEach(function (a) {
    links[a.getAttribute('href').slice(1)] = a;
  });
  var current = null;
  if ('IntersectionObserver' in window) {
    var observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          var link = links[entry.target.id];
          if (!link || link === current) return;
          if (current) current.removeAttribute('aria-current');
          link.setAttribute('aria-current', 'true');
          current = link;
          var reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
          link.scrollIntoView({ block: 'nearest', inline: 'center', behavior: reduce ? 'auto' : 'smooth' });
        });
      },
      { rootMargin: '-20% 0px -70% 0px' },
    );
    sections.forEach(function (s) {
      observer.observe(s);
    });
  }

  // The language switch brings the guest back to the category they were reading.
  Array.prototype.slice.call(doc.querySelectorAll('form[action="/set-locale"]')).forEach(function (form) {
    form.addEventListener('submit', function () {
      var input = form.querySelector('input[name="redirectTo"]');
      if (input && current) input.value = location.pathname + location.search + current.getAttribute('href');
    });
  });

  if ('serviceWorker' in navigator) {
    window.addEventListener('load', function () {
      navigator.serviceWorker
        .register('/sw.js')
        .then(function () {
          return navigator.serviceWorker.ready;
        })
        .then(function (registration) {
          if (registration.active) registration.active.postMessage({ keep: location.href });
        })
        .catch(function () {});
    });
  }
})();
