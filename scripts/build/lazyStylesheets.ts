import type { Plugin } from 'vite';

/** The module Vite wraps every `import()` with when the imported chunk has stylesheets. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * What a lazy chunk needs before it runs: its stylesheets and the chunks it
 * imports, all asked for at once with the chunk itself. Without the list
 * the browser finds a chunk's imports only once the chunk has arrived, and
 * theirs after that: on slow 4G a round trip for every level, four before
 * the sign-in page was drawn. Vite's own helper also reads a CSP nonce and
 * emits `vite:preloadError`; this app needs neither (the CSP has no nonces,
 * a failed import is an error value of the route or the lazy component). It
 * sits in the first file every start downloads, so it is kept to what is
 * used.
 *
 * It runs in the browser as its source text: no reference outside itself.
 * `deps` are paths from the site's root, as Vite writes them with base `/`;
 * the start's own chunks are left out of them (vite.config.ts). The chunk
 * may run before its stylesheets are in, as it only defines what is drawn;
 * the promise settles once both are there. A stylesheet that failed is
 * removed, so the next attempt asks again.
 */
export function loadWithStylesheets<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  // The chunk first: over HTTP/1.1 the browser's six connections per host take requests in the order they come.
  const module = load();
  if (!deps?.length) return module;
  // One look at the page's links for all of them: a start asks for dozens of chunks, and a phone's CPU is slow.
  const linked = new Map<string, HTMLLinkElement>();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet],link[rel=modulepreload]'))
    linked.set(`${link.rel} ${link.href}`, link);
  const root = `${location.origin}/`;
  const add = (rel: string, href: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    // As index.html links the start's chunks: the credentials mode of the import() that runs a module.
    if (rel === 'modulepreload') link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    return link;
  };
  const stylesheets: Promise<unknown>[] = [];
  for (const dep of deps) {
    const href = root + dep;
    const rel = dep.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    const existing = linked.get(`${rel} ${href}`);
    if (rel === 'modulepreload') {
      if (!existing) add(rel, href);
      continue;
    }
    if (existing?.sheet) continue;
    const link = existing ?? add(rel, href);
    stylesheets.push(
      new Promise((resolve, reject) => {
        link.addEventListener('load', resolve);
        link.addEventListener('error', () => {
          link.remove();
          reject(new Error(`stylesheet ${href} did not load`));
        });
      }),
    );
  }
  return Promise.all([module, ...stylesheets]).then(([loaded]) => loaded);
}

/** Serves {@link loadWithStylesheets} as Vite's preload helper in the production build. */
export function lazyStylesheets(): Plugin {
  return {
    name: 'lazy-stylesheets',
    apply: 'build',
    enforce: 'pre',
    load: (id) => (id === PRELOAD_HELPER ? `export const __vitePreload = ${loadWithStylesheets.toString()};` : undefined),
  };
}
