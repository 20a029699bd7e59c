import type { RouterHistory } from '@tanstack/react-router';
import type { AbpClient } from '../abp/client.ts';
import type { Session } from '../abp/session.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import type { AppConfig } from '../config/appConfig.ts';
import type { BootActor } from '../boot/bootActor.ts';
import type { PageActors } from '../boot/pageActors.ts';

/**
 * What start-up made, as the routes reach it (TanStack Router's context:
 * `beforeLoad` and loaders get it as `context`, screens through
 * `useRouter().options.context`). Read when a route loads, so it is always
 * current: start-up's re-runs (a sign-in, a language) change the session.
 */
export interface RouterContext {
  /** Unset only before start-up's first session, when no route is shown. */
  session: () => Session | undefined;
  userConfiguration: () => UserConfiguration | undefined;
  /** The application config; the routes are shown only once start-up has loaded it. */
  config: () => AppConfig;
  /** The backend for the screens (src/boot/api.ts's `useApi`): one client for the config start-up loaded. */
  api: () => AbpClient;
  /** The page's start-up actor, for what a route starts that follows or re-runs start-up (the sign-in's return). */
  boot: BootActor;
  /** The actors that follow start-up in this page: the sign-in's return keeps its actor there. */
  actors: PageActors;
  /** The history the router navigates: the sign-in's return replaces its address there. */
  history: RouterHistory;
}
