import { createRoute } from '@tanstack/react-router';
import { shellRoute } from './shellRoute.tsx';

/** `app`: lazy, and preloaded once start-up is done. */
export const appRoute = createRoute({ getParentRoute: () => shellRoute, path: 'app' });

export const appHomeRoute = createRoute({ getParentRoute: () => appRoute, path: 'home' }).lazy(() =>
  import('../sections/app/home.lazy.tsx').then((module) => module.Route),
);
