/**
 * The entry is kept tiny: index.html's script has sent the config request
 * (and GetAll after it) while this and the app, preloaded from index.html,
 * arrive (config/early.ts).
 */

// A sign-in popup back at the callback page says so from a small file of its own, fetched beside the start, which is much
// larger and hands the address over once it has run. If that file does not come, the popup still hands over, only later.
if (location.pathname.endsWith('/account/logincallback'))
  void import('./lib/popupChannel.lazy.ts').then(({ announcePopupArrival }) => announcePopupArrival()).catch(() => undefined);
// The one import() of a module that is not *.lazy.*: the start itself, preloaded from index.html.
// eslint-disable-next-line no-restricted-syntax
void import('./start.tsx');
