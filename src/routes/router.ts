import { createRouter } from '@tanstack/react-router';
import type { Session } from '../abp/session.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { bootActor } from '../boot/bootActor.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { BusyIndicator } from '../ui/BusyIndicator.tsx';
import { RouteError } from '../ui/RouteError.tsx';
import { accountRoute, loginCallbackRoute, loginRoute } from './accountRoutes.ts';
import { appHomeRoute, appRoute } from './appRoutes.ts';
import { indexRoute } from './indexRoute.ts';
import { rootRoute } from './rootRoute.tsx';
import { sectionRoutes } from './sectionRoutes.ts';
import { shellRoute } from './shellRoute.tsx';

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginCallbackRoute,
  accountRoute.addChildren([loginRoute]),
  shellRoute.addChildren([appRoute.addChildren([appHomeRoute]), ...sectionRoutes]),
]);

/** The one router of the page; routes read start-up's results through the context. */
export const router = createRouter({
  routeTree,
  context: {
    config: () => bootActor.getSnapshot().context.config as AppConfig,
    session: () => bootActor.getSnapshot().context.session as Session,
    userConfiguration: () => bootActor.getSnapshot().context.userConfiguration as UserConfiguration | undefined,
  },
  defaultPendingComponent: BusyIndicator,
  defaultErrorComponent: RouteError,
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
  defaultPreload: false,
  scrollRestoration: true,
});

/** Fetches the code of the sections every signed-in start needs (account, app), without navigating. */
export function preloadStartSections(): void {
  for (const route of [accountRoute, loginRoute, appHomeRoute]) void route.lazyFn?.();
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
