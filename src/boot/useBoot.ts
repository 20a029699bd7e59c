import { useSelector } from '@xstate/react';
import { isGranted, type UserConfiguration } from '../abp/userConfiguration.ts';
import type { Session } from '../abp/session.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { bootActor, bootContext, userConfigurationOf } from './bootActor.ts';

export function useSession(): Session | undefined {
  return useSelector(bootActor, (snapshot) => bootContext(snapshot).session);
}

export function useAppConfig(): AppConfig | undefined {
  return useSelector(bootActor, (snapshot) => bootContext(snapshot).config);
}

/** ABP's `abp.auth.isGranted` for a screen: hide what the person may not do. */
export function useIsGranted(permission: string): boolean {
  return useSelector(bootActor, (snapshot) => isGranted(userConfigurationOf(snapshot), permission));
}


/** The whole user configuration (GetAll): for what reads several parts of it, like the menu. */
export function useUserConfiguration(): UserConfiguration | undefined {
  return useSelector(bootActor, userConfigurationOf);
}
