// In test mode the app server puts one script first in the <head> of every
// page it sends WebKit, whose classic WebDriver shows no console: the script
// keeps the page's own errors (window's `error` and `unhandledrejection`,
// console.error and console.warn) in the page's sessionStorage, which
// outlives the page's navigations within the origin, and the WebKit tab reads
// them from there. A file of the app's own origin, so the CSP's
// `script-src 'self'` lets it run and no hash changes; it writes no HTML, so
// Trusted Types have nothing to say.
//
// The service worker has a console of its own, which no driver of WebKit
// shows either: the worker script WebKit is sent starts with a few lines that
// post its errors and warnings, and the steps of its install and activation
// (each `waitUntil` given and settled, with the worker's own clock), to the
// app's pages, whose page log keeps them beside their own, marked `[worker]`.
// A worker that stays "activating" then says what it still waits for.

/** Where the script is served. */
export const PAGE_LOG_PATH = '/__page-log.js';

/** The sessionStorage key of the list: `{ id, type, text }` in order, `type` as the console names it. */
export const PAGE_LOG_KEY = '__page-log';

export const PAGE_LOG_SCRIPT = `(() => {
  const key = ${JSON.stringify(PAGE_LOG_KEY)};
  let count = 0;
  const describe = (value) => {
    if (typeof value === 'string') return value;
    try {
      const fields = JSON.stringify(value);
      // An error as its name and message, with any fields of its own (a code, a status).
      if (value instanceof Error) return fields && fields !== '{}' ? String(value) + ' ' + fields : String(value);
      return fields ?? String(value);
    } catch {
      return String(value);
    }
  };
  const add = (type, text, id = performance.timeOrigin + '/' + (count += 1)) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      if (list.some((entry) => entry.id === id)) return;
      list.push({ id, type, text });
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {
      // Storage full or refused: the page goes on as it would.
    }
  };
  for (const type of ['error', 'warn']) {
    const original = console[type];
    console[type] = function (...args) {
      add(type, args.map(describe).join(' '));
      return original.apply(this, args);
    };
  }
  addEventListener('error', (event) => add('error', event.error instanceof Error ? String(event.error) : event.message));
  addEventListener('unhandledrejection', (event) => add('error', 'Unhandled rejection: ' + describe(event.reason)));
  // The worker's log (WORKER_LOG_SCRIPT), delivered once the document is parsed: what it says from now on, and what
  // it said before this page was there to hear it (while the tab was at the provider), each line once.
  navigator.serviceWorker?.addEventListener('message', (event) => {
    const entry = event.data && event.data[${JSON.stringify('__workerLog')}];
    if (entry) add(entry.type, '[worker] ' + entry.text, entry.id);
  });
  navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ __workerLogAsk: true }), () => undefined);
})();
`;

/** The path of the app's service worker, whose script gets WORKER_LOG_SCRIPT first for WebKit. */
export const WORKER_PATH = '/sw.js';

/**
 * Put before the worker's own script: its console's errors and warnings, and
 * each step of its install and activation, posted to every page of the app
 * (`info` for the steps), and all of it again to a page that asks (one that
 * came after some of it). Before the worker's own listeners, so it sees
 * their `waitUntil`s.
 */
export const WORKER_LOG_SCRIPT = `(() => {
  const started = performance.now();
  const lines = [];
  const post = (type, text) => {
    const entry = { __workerLog: { id: 'worker/' + (performance.timeOrigin + started) + '/' + (lines.length + 1), type, text: Math.round(performance.now() - started) + ' ms: ' + text } };
    lines.push(entry);
    self.clients.matchAll({ includeUncontrolled: true, type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage(entry);
    }, () => undefined);
  };
  // A page that was not there for some of it (the tab was at the provider while the worker installed) asks for it all.
  addEventListener('message', (event) => {
    if (event.data && event.data.__workerLogAsk && event.source) for (const entry of lines) event.source.postMessage(entry);
  });
  for (const type of ['error', 'warn']) {
    const original = console[type];
    console[type] = function (...args) {
      post(type, args.map(String).join(' '));
      return original.apply(this, args);
    };
  }
  addEventListener('error', (event) => post('error', String(event.error ?? event.message)));
  addEventListener('unhandledrejection', (event) => post('error', 'Unhandled rejection: ' + String(event.reason)));
  let given = 0;
  const waitUntil = ExtendableEvent.prototype.waitUntil;
  ExtendableEvent.prototype.waitUntil = function (promise) {
    if (this.type === 'install' || this.type === 'activate') {
      const step = this.type + ' waitUntil #' + (given += 1);
      post('info', step + ' given');
      Promise.resolve(promise).then(() => post('info', step + ' settled'), (error) => post('warn', step + ' rejected: ' + String(error)));
    }
    return waitUntil.call(this, promise);
  };
  for (const type of ['install', 'activate']) addEventListener(type, () => post('info', type + ' event'));
  post('info', 'script evaluated, ' + (self.registration.active ? 'an active worker there' : 'no active worker'));
})();
`;

/** The worker's script with WORKER_LOG_SCRIPT first. */
export function withWorkerLog(script: string): string {
  return `${WORKER_LOG_SCRIPT}${script}`;
}

/**
 * WebKit, by its User-Agent: AppleWebKit without Chrome (Chromium names both). The other engines' drivers show the
 * console, and their pages stay as they are: no extra request, nothing more in their sessionStorage.
 */
export function keepsPageLog(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent.includes('AppleWebKit/') && !/Chrome|Chromium/.test(userAgent);
}

/** The page with the script first in its <head>. */
export function withPageLog(html: string): string {
  return html.replace(/<head\b[^>]*>/i, (head) => `${head}<script src="${PAGE_LOG_PATH}"></script>`);
}
