// Keeps guest menus readable on a weak or lost connection. Pages: network first, the last copy
// when offline. Built assets and uploaded images never change under one name: cache first.
const CACHE = 'bucate-menu-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function isImmutable(url) {
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/uploads/');
}

/** Keeps a guest menu the page asked to keep (the very first visit is not intercepted yet). */
self.addEventListener('message', (event) => {
  const url = event.data && event.data.keep;
  if (typeof url !== 'string' || new URL(url).origin !== self.location.origin) return;
  event.waitUntil(
    fetch(url, { credentials: 'same-origin' }).then((response) => {
      if (response.ok && response.headers.has('x-menu-version')) {
        return caches.open(CACHE).then((cache) => cache.put(url, response));
      }
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          // only guest menus are kept (they say so with X-Menu-Version), never private pages
          if (response.ok && response.headers.has('x-menu-version')) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        // ignoreVary: the copy kept is this address's only one, whatever language headers asked for it
        .catch(() => caches.match(request, { ignoreVary: true }).then((cached) => cached || Response.error())),
    );
  } else if (isImmutable(url)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
