import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isGranted } from '../abp/userConfiguration.ts';
import type { RouterContext } from './context.ts';
import { LOGIN_PATH, safeReturnPath } from '../lib/paths.ts';

/** ABP's AppRouteGuard: no session user means sign in first, remembering where the person wanted to go. */
export function requireUser(context: RouterContext, location: ParsedLocation): void {
  if (context.session().user) return;
  throw redirect({ to: LOGIN_PATH, search: { returnUrl: safeReturnPath(location.href) } });
}

/** True when the route needs no permission or the user holds it. */
export function hasPermission(context: RouterContext, permission: string | undefined): boolean {
  return permission === undefined || isGranted(context.userConfiguration(), permission);
}
