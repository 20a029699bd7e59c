import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { isGranted, type UserConfiguration } from '../abp/userConfiguration.ts';
import type { Session } from '../abp/session.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { bootContext, userConfigurationOf, type BootActor } from './bootActor.ts';

/** The page's start-up actor, as App provides it (src/start.tsx made it); read with useBootActor. */
export const BootActorContext = createContext<BootActor | undefined>(undefined);

/** The page's start-up actor, for a screen that starts it again (restartBoot) or reads it. */
export function useBootActor(): BootActor {
  const boot = useContext(BootActorContext);
  if (boot === undefined) throw new Error('useBootActor outside App: no start-up actor was provided');
  return boot;
}

export function useSession(): Session | undefined {
  return useSelector(useBootActor(), (snapshot) => bootContext(snapshot).session);
}

export function useAppConfig(): AppConfig | undefined {
  return useSelector(useBootActor(), (snapshot) => bootContext(snapshot).config);
}

/** ABP's `abp.auth.isGranted` for a screen: hide what the person may not do. */
export function useIsGranted(permission: string): boolean {
  return useSelector(useBootActor(), (snapshot) => isGranted(userConfigurationOf(snapshot), permission));
}

/** The whole user configuration (GetAll): for what reads several parts of it, like the menu. */
export function useUserConfiguration(): UserConfiguration | undefined {
  return useSelector(useBootActor(), userConfigurationOf);
}
