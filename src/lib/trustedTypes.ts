/** The part of the Trusted Types API used here (not in TypeScript's DOM types yet). */
interface TrustedTypesFactory {
  defaultPolicy: unknown;
  createPolicy(name: string, rules: { createScriptURL?: (input: string) => string | null }): unknown;
}

/**
 * The CSP sends `require-trusted-types-for 'script'` and allows one policy,
 * `default`: a sink that would load text as script takes no plain string.
 * workbox-window hands the service worker's address to
 * `navigator.serviceWorker.register` as a string; the default policy lets
 * exactly that same-origin address through and refuses (and so reports)
 * every other one. Anything that would need HTML or script text gets no
 * policy at all.
 */
export function allowServiceWorkerScript(path: string): void {
  const factory = (window as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createScriptURL: (input) => {
      const url = new URL(input, location.href);
      return url.origin === location.origin && url.pathname === path && !url.search ? url.href : null;
    },
  });
}
