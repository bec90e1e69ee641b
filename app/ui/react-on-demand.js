// @ts-check
// React on demand (decision 0033). An on-demand document (the owner's menu editor) arrives as HTML
// that works by itself: its links and forms, plus what the page's own small script does before React
// (the editor: sold out, show / hide, delete). React Router's scripts wait inert in the page
// (nothing downloaded, parsed or run: a <noscript> whose markup the browser keeps as text) and the
// loader data they need in a buffer (root.tsx). React is
// started the first time the user reaches for something only React does: a button or a checkbox the
// page's script does not handle, a form field, a key. A click that started it is replayed once React
// has hydrated, so nothing the user did is lost. Once the page is idle the modules are downloaded
// (not run), so that wait is the hydration only.
//
// The page's script uses `window.reactOnDemand`: `start()` (a promise of React running) and
// `running`; it lists the elements it answers itself before React (left alone here) in
// `window.reactOnDemandHandled` (selectors), and those whose pointer use only it answers (a keyboard
// reaching them still starts React) in `window.reactOnDemandPointer`. Both scripts load `async`, in either order: they only
// listen on the document, and read the page when an event comes. Types: page-scripts.d.ts.
(() => {
  // this script may run before the page is parsed: React Router's scripts and data are read when needed
  /** @type {Document | undefined} */
  let parsed;
  /** React Router's scripts and module preloads, parsed into an inert document of their own (nothing runs there) */
  function deferred() {
    parsed ??= new DOMParser().parseFromString(document.getElementById('react-on-demand')?.textContent ?? '', 'text/html');
    return parsed;
  }
  /** the nonce of this response, for the inline scripts React Router needs (the CSP admits nothing else) */
  const nonce = () => [...document.scripts].find((script) => script.nonce)?.nonce ?? '';
  // elements the page's own script answers before React, and its own dialogs
  const isHandled = (/** @type {Element} */ element) => ['dialog[data-before-react]', ...(window.reactOnDemandHandled ?? [])].some((selector) => element.closest(selector));
  // elements whose pointer use (a press, a drag, the click after it) the page's script answers, while
  // a keyboard that reaches them still starts React (the editor's drag handles: dragged by pointer
  // in the page's script, with the keyboard in React)
  const isPointerHandled = (/** @type {Element} */ element) => (window.reactOnDemandPointer ?? []).some((selector) => element.closest(selector));
  // what a click asks of React: a button or a checkbox nobody else handles
  const NEEDS_REACT = 'button, input[type="checkbox"], input[type="radio"], [role="button"]';
  const FIELDS = 'input:not([type="hidden"]), select, textarea';

  /** @type {Promise<void> | undefined} */
  let started;
  let hydrated = false;
  /** resolves once React has hydrated the page (the root's effect sends `react:hydrated`) */
  const ready = /** @type {Promise<void>} */ (
    new Promise((resolve) => {
      window.addEventListener(
        'react:hydrated',
        () => {
          hydrated = true;
          resolve(undefined);
        },
        { once: true },
      );
    })
  );

  function copyScript(/** @type {Element} */ from) {
    const script = document.createElement('script');
    for (const { name, value } of from.attributes) if (name !== 'nonce') script.setAttribute(name, value);
    script.nonce = nonce();
    script.textContent = from.textContent;
    return script;
  }

  function preload() {
    for (const link of deferred().querySelectorAll('link[rel="modulepreload"]')) {
      const href = link.getAttribute('href') ?? '';
      if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
      const copy = document.createElement('link');
      copy.rel = 'modulepreload';
      copy.href = href;
      document.head.append(copy);
    }
  }

  /** React Router's context, the buffered loader data handed over, then its module script. */
  function run() {
    // the page script's own toasts are not React's: gone before React takes the regions over
    for (const toast of document.querySelectorAll('[data-toast-before-react]')) toast.remove();
    preload();
    const buffer = window.__reactRouterContext.streamController;
    // React Router's context script, then its module script: both always there
    const [context, modules] = /** @type {NodeListOf<Element> & [Element, Element]} */ (deferred().querySelectorAll('script:not([type="importmap"])'));
    document.body.append(copyScript(context));
    const controller = window.__reactRouterContext.streamController;
    for (const chunk of buffer.chunks) controller.enqueue(chunk);
    if (buffer.closed) controller.close();
    else {
      // the page is still arriving: later chunks go straight to React Router
      buffer.enqueue = (chunk) => controller.enqueue(chunk);
      buffer.close = () => controller.close();
    }
    document.body.append(copyScript(modules));
  }

  /** Starts React (once, after the document is in: React Router's scripts and data come last in it). */
  function start() {
    if (started) return started;
    const parsed = document.readyState === 'loading' ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true })) : Promise.resolve();
    started = parsed.then(run).then(() => ready);
    return started;
  }

  window.reactOnDemand = {
    start,
    get running() {
      return hydrated;
    },
  };

  // a click React must answer: started now, replayed on the same element once React is in charge
  document.addEventListener(
    'click',
    (event) => {
      if (hydrated || !(event.target instanceof Element)) return;
      const target = /** @type {HTMLElement | null} */ (event.target.closest(NEEDS_REACT));
      // a pointer's click on what the page drags itself is its own; a keyboard's or a screen reader's (detail 0) asks for React
      if (!target || isHandled(target) || (isPointerHandled(target) && event.detail !== 0) || event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      void start().then(() => {
        if (target.isConnected) target.click();
      });
    },
    true,
  );

  // reaching for a field or a drag handle, or a key: React is started (the field keeps what is typed)
  const reach = (/** @type {Event} */ event) => {
    if (hydrated || !(event.target instanceof Element)) return;
    if (isHandled(event.target)) return;
    // a pointer's press or focus on what the page drags itself; focus from the keyboard starts React
    if (isPointerHandled(event.target) && (event.type === 'pointerdown' || !event.target.matches(':focus-visible'))) return;
    if (event.target.closest(FIELDS) || event.target.closest('[aria-roledescription="sortable"], summary')) void start();
  };
  document.addEventListener('pointerdown', reach, true);
  document.addEventListener('focusin', reach, true);
  document.addEventListener(
    'keydown',
    (event) => {
      if (hydrated || (event.target instanceof Element && isHandled(event.target))) return;
      if (event.key === 'Tab' || event.key === 'Shift' || event.key === 'Enter' || event.key === ' ') return;
      void start();
    },
    true,
  );

  // the modules are downloaded while the page is idle (not run): starting React then costs the hydration only
  const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 1000));
  if (document.readyState === 'complete') idle(preload, { timeout: 3000 });
  else addEventListener('load', () => idle(preload, { timeout: 3000 }), { once: true });
})();
