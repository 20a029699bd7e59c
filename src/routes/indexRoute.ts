import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './rootRoute.tsx';
import { HOME_PATH } from './returnPath.ts';

/** The empty path: straight on to /app/home. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: HOME_PATH });
  },
});
