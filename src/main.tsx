/**
 * The entry is kept tiny: index.html's script has sent the config request
 * (and GetAll after it) while this and the app, preloaded from index.html,
 * arrive (config/early.ts).
 */

// The one import() of a module that is not *.lazy.*: the start itself, preloaded from index.html.
// eslint-disable-next-line no-restricted-syntax
void import('./start.tsx');
