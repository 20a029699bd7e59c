/**
 * The entry is kept tiny: index.html's script has sent the config request
 * (and GetAll after it) while this and the app, preloaded from index.html,
 * arrive (config/early.ts).
 */
import { CALLBACK_PATH } from './lib/paths.ts';
import { announcePopupArrival } from './lib/popupChannel.ts';

// A sign-in popup back at the callback page says so at once: the app's code, which hands its address over, is larger.
if (location.pathname === CALLBACK_PATH) announcePopupArrival();
// The one import() of a module that is not *.lazy.*: the start itself, preloaded from index.html.
// eslint-disable-next-line no-restricted-syntax
void import('./start.tsx');
