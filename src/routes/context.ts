import type { Session } from '../abp/session.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';

/** What routes may know of start-up; read when a route loads, so it is always current. */
export interface RouterContext {
  /** Unset only before start-up's first session, when no route is shown. */
  session: () => Session | undefined;
  userConfiguration: () => UserConfiguration | undefined;
}
