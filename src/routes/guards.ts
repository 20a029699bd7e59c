import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isGranted } from '../abp/userConfiguration.ts';
import type { Section } from '../sections/sections.ts';
import { canOpen } from '../shell/access.ts';
import type { RouterContext } from './context.ts';
import { LOGIN_PATH } from '../lib/paths.ts';

/**
 * ABP's AppRouteGuard: no session user means sign in first, remembering
 * where the person wanted to go (a path of this router, never a sign-in
 * page: those are outside the shell; signInWithRedirect checks it again).
 */
export function requireUser(context: RouterContext, location: ParsedLocation): void {
  if (context.session().user) return;
  throw redirect({ to: LOGIN_PATH, search: { returnUrl: location.href } });
}

/** True when the route needs no permission or the user holds it. */
export function hasPermission(context: RouterContext, permission: string | undefined): boolean {
  return permission === undefined || isGranted(context.userConfiguration(), permission);
}

/** A section the person may not open: its address answers "Geen toegang" inside the shell, and its code is not fetched. */
export class NoAccessError extends Error {
  constructor(readonly section: string) {
    super(`no access to section ${section}`);
    this.name = 'NoAccessError';
  }
}

/** The permission and feature a section needs (src/sections/sections.ts), checked before its code loads. */
export function requireSection(context: RouterContext, section: Section): void {
  if (!canOpen(context.userConfiguration(), section)) throw new NoAccessError(section.key);
}
