import {
  Outlet,
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type AnyRouteMatch,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { optionalLazy, whenPartsLoaded } from '../ui/optionalLazy.ts';
import type { AbpClient } from '../abp/client.ts';
import { bootContext, currentConfigOf, type BootActor } from '../boot/bootActor.ts';
import type { PageActors } from '../boot/pageActors.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { workClientFor } from '../config/workClient.ts';
import { withPages } from '../i18n/withPages.ts';
import { CALLBACK_PATH, HOME_PATH } from '../lib/paths.ts';
import { nextTask } from '../lib/whenIdle.ts';
import { validateLoginSearch } from '../account/loginSearch.ts';
import { Shell } from '../shell/Shell.tsx';
import { BusyIndicator } from '../ui/BusyIndicator.tsx';
import type { RouterContext } from './context.ts';
import { requireUser } from './guards.ts';
import { NO_ACCESS } from './noAccess.ts';

// The whole route tree. Screens are `*.lazy.tsx` files: a route here names
// its path and guard, its screen loads (with the `pages` catalog) when the
// route is first visited or preloaded.

// "Geen toegang" and "Pagina niet gevonden" come with their own code: few people ever see them.
const NoAccess = lazy(() => withPages(() => import('../ui/NoAccess.lazy.tsx')));
// Under the shell (an unknown address below /app or a section) it keeps the menu; see NotFound.
const NotFound = lazy(() => withPages(() => import('../ui/NotFound.lazy.tsx')));

/**
 * A page that could not be loaded. Its screen is fetched with the rest once
 * the browser is idle after start-up (`preloadStartSections`), so it is there
 * offline as well; should it still be missing then, the shell stays with the
 * connection banner, which offers to try again.
 */
const LazyRouteError = optionalLazy<ErrorComponentProps>(() => import('../ui/RouteError.lazy.tsx').then((module) => module.RouteError));

function RouteError(props: ErrorComponentProps): ReactNode {
  return (
    <Suspense fallback={<BusyIndicator />}>
      <LazyRouteError {...props} />
    </Suspense>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFound });

/** The empty path: straight on to /app/home. */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: HOME_PATH });
  },
});

/**
 * `account/logincallback`: its own route (as in ABP's client), so the sign-in
 * code is fetched only where a sign-in completes. Loading it starts the
 * callback actor, before its screen renders.
 */
const loginCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: CALLBACK_PATH,
  loader: async ({ context }) =>
    void (await import('../signin/callbackActor.lazy.ts')).startCallback(context.boot, context.actors, context.history),
}).lazy(() => withPages(() => import('../account/logincallback.lazy.tsx')).then((module) => module.Route));

/** `account`: no session needed; preloaded once start-up is done. */
const accountRoute = createRoute({ getParentRoute: () => rootRoute, path: 'account' }).lazy(() =>
  withPages(() => import('../account/layout.lazy.tsx')).then((module) => module.Route),
);

const loginRoute = createRoute({ getParentRoute: () => accountRoute, path: 'login', validateSearch: validateLoginSearch }).lazy(() =>
  withPages(() => import('../account/login.lazy.tsx')).then((module) => module.Route),
);

/** Every page behind sign-in shares the shell (navigation, user, language) and needs a session user. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_shell',
  beforeLoad: ({ context, location, matches }) => requireUser(context, location, sectionKeyOf(matches)),
  component: Shell,
});

/** `app`: preloaded once start-up is done. */
const appRoute = createRoute({ getParentRoute: () => shellRoute, path: 'app', notFoundComponent: NotFound });

// Home's own texts are in the start's catalog (lingui.config.ts): it is on screen without waiting for `pages`, which
// comes with its tiles.
const appHomeRoute = createRoute({ getParentRoute: () => appRoute, path: 'home' }).lazy(() =>
  import('../app/home.lazy.tsx').then((module) => module.Route),
);

const aboutRoute = createRoute({ getParentRoute: () => appRoute, path: 'about' }).lazy(() =>
  withPages(() => import('../app/about.lazy.tsx')).then((module) => module.Route),
);

/**
 * Every business section, at `/<key>`, with the screens under it at
 * `/<key>/<page>` and one item of those at `/<key>/<page>/<id>`: one route,
 * so the start holds nothing of any section (src/sections/sections.lazy.ts).
 * Its guard loads the list and answers "Pagina niet gevonden" for an address
 * the app does not have and "Geen toegang" to whoever may not open the
 * section or the page; only then is the screen, its own chunk, fetched.
 */
const sectionRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '$section/$',
  beforeLoad: async ({ context, params }) =>
    (await withPages(() => import('./sectionAccess.lazy.ts'))).openAddress(context, params.section, params._splat),
  loader: async ({ context: { section, page, id, sections } }) =>
    page
      ? { section, page, id, sections, PageScreen: (await withPages(page.screen)).Screen }
      : { section, Screen: (await withPages(section.screen)).Screen },
  component: SectionScreen,
  notFoundComponent: NotFound,
  // By name: the error's class loads with the section checks, so the start does not carry it.
  errorComponent: (props) => (props.error instanceof Error && props.error.name === NO_ACCESS ? <NoAccess /> : <RouteError {...props} />),
});

/** The section's own screen, or the page under it, given its entry (its title, its permission) and the item's id. */
function SectionScreen(): ReactNode {
  const { section, page, id, sections, PageScreen, Screen } = sectionRoute.useLoaderData();
  if (page && sections && PageScreen) return <PageScreen section={section} page={page} id={id} sections={sections} />;
  return Screen && <Screen section={section} />;
}

/** The section's key when the address is a section's (or a page under one). */
// By the route's id: `sectionRoute.id` would make the shell's type depend on its own child's.
function sectionKeyOf(matches: readonly AnyRouteMatch[]): string | undefined {
  return matches.find((match) => match.routeId === '/_shell/$section/$')?.params.section;
}

const myAccountRoute = createRoute({ getParentRoute: () => appRoute, path: 'account' }).lazy(() =>
  withPages(() => import('../app/account.lazy.tsx')).then((module) => module.Route),
);

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginCallbackRoute,
  accountRoute.addChildren([loginRoute]),
  shellRoute.addChildren([appRoute.addChildren([appHomeRoute, aboutRoute, myAccountRoute]), sectionRoute]),
]);

/**
 * Makes the page's router, with the app's routes, for the start-up actor
 * given: routes read what start-up made through the context. src/start.tsx
 * makes the one router of the page in a task of its own, not as the app's
 * script is evaluated: making a router (its history, its scroll positions,
 * its tree of routes) is about half of that evaluation, which on a slow phone
 * would be one long task. It hands the router to App; no module holds it.
 */
export function createAppRouter(boot: BootActor, actors: PageActors) {
  const history = createBrowserHistory();
  const config = () => currentConfigOf(boot.getSnapshot());
  // One client for the config, so a screen's effects that depend on it do not run again with every render.
  let work: { config: AppConfig; client: AbpClient } | undefined;
  const api = () => {
    const current = config();
    if (work?.config !== current) work = { config: current, client: workClientFor(current) };
    return work.client;
  };
  const made = createRouter({
    routeTree,
    history,
    context: {
      session: () => bootContext(boot.getSnapshot()).session,
      userConfiguration: () => bootContext(boot.getSnapshot()).userConfiguration,
      config,
      api,
      boot,
      actors,
      history,
    },
    defaultPendingComponent: BusyIndicator,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 150,
    defaultPendingMinMs: 0,
    defaultPreload: false,
    scrollRestoration: true,
  });
  // After a navigation (not the first page), focus moves to the new page's heading.
  made.subscribe('onResolved', (event) => {
    if (event.fromLocation && event.pathChanged)
      void import('../ui/focusHeading.lazy.ts').then(({ focusPageHeading }) => focusPageHeading());
  });
  const stop = made.subscribe('onRendered', () => {
    stop();
    void whenPartsLoaded().then(pageDrawn);
  });
  return made;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

let pageDrawn: () => void = () => undefined;

/**
 * Settles once the router has drawn its first page and that page's optional
 * parts have loaded (Home's tiles): what is preloaded then does not share the
 * line with that page's own code.
 */
export const firstPageDrawn = new Promise<void>((drawn) => {
  pageDrawn = drawn;
});

/**
 * Fetches the code of the page at `pathname` (its lazy route files), without
 * running its guards: called as start-up begins, it loads beside start-up's
 * requests instead of after them, one round trip or more less on a phone.
 * One route's files a task: asking for them adds a link for each. A failure
 * is the router's to show when it gets there.
 */
export async function preloadPageCode(router: AppRouter, pathname: string): Promise<void> {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) {
    if (!route.lazyFn) continue;
    router.loadRouteChunk(route)?.catch(() => undefined);
    await nextTask();
  }
}

/**
 * Fetches the code of the sections every signed-in start needs (account, app), without navigating. One file a task:
 * asking for one adds a link for each file it needs, tens of milliseconds together on a phone.
 */
export async function preloadStartSections(): Promise<void> {
  const loads = [
    ...[accountRoute, loginRoute, appHomeRoute].map((route) => () => route.lazyFn?.()),
    // The person's menu too, so it opens offline (sign-out, language), and the screen of a page that fails to load.
    () => import('../shell/UserMenu.lazy.tsx'),
    () => withPages(() => import('../ui/RouteError.lazy.tsx')),
  ];
  for (const load of loads) {
    void load();
    await nextTask();
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
