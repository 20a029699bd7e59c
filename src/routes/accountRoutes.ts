import { createRoute } from '@tanstack/react-router';
import { withPages } from '../i18n/withPages.ts';
import { rootRoute } from './rootRoute.tsx';
import { safeReturnPath } from './returnPath.ts';

/** Why a person is on the login page; shown there in words. */
export type LoginReason = 'signed-out' | 'expired' | 'failed';

export interface LoginSearch {
  returnUrl?: string;
  reason?: LoginReason;
  /** Handed back by the provider after signing out. */
  state?: string;
}

const reasons: readonly LoginReason[] = ['signed-out', 'expired', 'failed'];

/** `account`: lazy, preloaded once start-up is done; no session needed. */
export const accountRoute = createRoute({ getParentRoute: () => rootRoute, path: 'account' }).lazy(() => withPages(() => import('../sections/account/layout.lazy.tsx')).then((module) => module.Route));

export const loginRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    returnUrl: safeReturnPath(search.returnUrl),
    reason: reasons.find((reason) => reason === search.reason),
    state: typeof search.state === 'string' ? search.state : undefined,
  }),
}).lazy(() =>
  withPages(() => import('../sections/account/login.lazy.tsx')).then((module) => module.Route),
);

/**
 * `account/logincallback`: its own route (as in ABP's client), so the sign-in
 * code is fetched only where a sign-in completes.
 */
export const loginCallbackRoute = createRoute({ getParentRoute: () => rootRoute, path: 'account/logincallback' }).lazy(() =>
  withPages(() => import('../sections/account/logincallback.lazy.tsx')).then((module) => module.Route),
);
