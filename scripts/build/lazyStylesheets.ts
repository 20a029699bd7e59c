import type { Plugin } from 'vite';

/** The module Vite wraps every `import()` with when the imported chunk has stylesheets. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * What a lazy chunk needs before it runs: its stylesheets, then the chunk.
 * Vite's own helper also adds modulepreload links, reads a CSP nonce and
 * emits `vite:preloadError`; this app needs none of that (index.html links
 * the start's chunks, the CSP has no nonces, a failed import is an error
 * value of the route or the lazy component). It sits in the first file
 * every start downloads, so it is kept to what is used.
 *
 * It runs in the browser as its source text: no reference outside itself.
 * `deps` are paths from the site's root, as Vite writes them with base `/`.
 * A stylesheet that failed is removed, so the next attempt asks again.
 */
export function loadWithStylesheets<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  return Promise.all(
    (deps ?? []).map((dep) => {
      const href = new URL(`/${dep}`, location.href).href;
      let link = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].find((candidate) => candidate.href === href);
      if (link?.sheet) return undefined;
      if (!link) {
        link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        document.head.append(link);
      }
      const pending = link;
      return new Promise((resolve, reject) => {
        pending.addEventListener('load', resolve);
        pending.addEventListener('error', () => {
          pending.remove();
          reject(new Error(`stylesheet ${href} did not load`));
        });
      });
    }),
  ).then(load);
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
