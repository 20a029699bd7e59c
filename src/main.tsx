/**
 * The entry is kept tiny: it sends the app config request (start-up's first
 * step) while the rest of the app, preloaded from index.html, arrives.
 */
import './config/appConfigRequest.ts';

void import('./start.tsx');
