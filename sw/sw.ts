/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

// The service worker, bundled into one file by the build (vite.config.ts,
// injectManifest). It loads no script by address: the worker is served with
// the document's CSP, whose `require-trusted-types-for 'script'` refuses
// `importScripts()` of a plain string, so everything it runs is in this file.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Chunks fetched later (Beheer's and the host's screens, another language's catalogs), kept once fetched: their names carry their content's hash. */
const LATER_CHUNKS = 'later-chunks';

// What a staff member needs offline (scripts/build/precache.ts): the shell,
// the start, Home, the sections' screens, the Dutch catalogs. A reload or a
// link offline starts from here. The manifest names each build's files, so an open
// tab's worker keeps serving its own build until the person accepts the new one.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every address of the app gets the shell, except the sign-in's return (it
// must reach the server with its code) and the runtime config (never stored).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/account\/logincallback/, /^\/assets\/appconfig/],
  }),
);

// Beheer's and the host's screens and another language's catalogs are
// fetched when first used, and from then on open offline too. A chunk of an earlier build is never asked for by this
// one's pages (other names), so the oldest are dropped past a limit.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    (request.destination === 'script' || request.destination === 'style'),
  new CacheFirst({ cacheName: LATER_CHUNKS, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// The update prompt's "Nu bijwerken" (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first visit: take the page at once, so the chunks it fetches from now on
// (a section opened) are kept. An update activates only when the person
// accepted it, and the page reloads then.
clientsClaim();

// Everything the app asks for with fetch() (the config, the API, the
// provider) the worker never answers, yet without a route each of those
// requests would wait for the worker to start and to take its turn before
// going out. Static routing sends them straight to the network; browsers
// without it pass them through the worker as before.
interface RouterInstallEvent extends ExtendableEvent {
  addRoutes?: (routes: { condition: { requestDestination: string }; source: 'network' }) => Promise<void>;
}
self.addEventListener('install', (event: RouterInstallEvent) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(event.addRoutes({ condition: { requestDestination: '' }, source: 'network' }).catch(() => undefined));
});
