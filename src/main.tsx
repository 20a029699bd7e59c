/**
 * The entry is kept tiny: it sends the app config request (start-up's first
 * step) while the rest of the app, preloaded from index.html, arrives.
 */
import './config/appConfigRequest.ts';

// The one import() of a module that is not *.lazy.*: the start itself, preloaded from index.html.
// eslint-disable-next-line no-restricted-syntax
void import('./start.tsx');
