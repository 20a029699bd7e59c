// Imported by the service worker (vite.config.ts, workbox `importScripts`).
// The worker serves the app's own files from its precache. Everything the app
// asks for with fetch() (the config, the API, the provider) it never answers,
// yet without a route each of those requests would wait for the worker to
// start and to take its turn before going out. Static routing sends them
// straight to the network. Browsers without static routing pass them through
// the worker as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(event.addRoutes({ condition: { requestDestination: '' }, source: 'network' }).catch(() => undefined));
});
