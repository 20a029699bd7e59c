// In test mode the app server puts one script first in the <head> of every
// page it sends WebKit, whose classic WebDriver shows no console: the script
// keeps the page's own errors (window's `error` and `unhandledrejection`,
// console.error and console.warn) in the page's sessionStorage, which
// outlives the page's navigations within the origin, and the WebKit tab reads
// them from there. A file of the app's own origin, so the CSP's
// `script-src 'self'` lets it run and no hash changes; it writes no HTML, so
// Trusted Types have nothing to say.

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
  const add = (type, text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      list.push({ id: performance.timeOrigin + '/' + (count += 1), type, text });
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
})();
`;

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
