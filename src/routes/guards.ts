import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from './context.ts';
import { LOGIN_PATH } from '../lib/paths.ts';

/**
 * ABP's AppRouteGuard: no session user means sign in first, remembering
 * where the person wanted to go (a path of this router, never a sign-in
 * page: those are outside the shell; signInWithRedirect checks it again).
 * A section's address (`section`) is first checked against the app's list,
 * so an address the app does not have says "Pagina niet gevonden" to
 * whoever is signed out too, as every other unknown address does.
 */
export function requireUser(context: Pick<RouterContext, 'session'>, location: ParsedLocation, section?: string): void | Promise<never> {
  if (context.session()?.user) return;
  const signIn = redirect({ to: LOGIN_PATH, search: { returnUrl: location.href } });
  if (section === undefined) throw signIn;
  return import('./sectionAccess.lazy.ts').then((access) => {
    access.knownSection(section);
    throw signIn;
  });
}
