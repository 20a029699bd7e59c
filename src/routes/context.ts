import type { Session } from '../abp/session.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import type { AppConfig } from '../config/appConfig.ts';

/** What routes may know of start-up; read when a route loads, so it is always current. */
export interface RouterContext {
  config: () => AppConfig;
  session: () => Session;
  userConfiguration: () => UserConfiguration | undefined;
}
