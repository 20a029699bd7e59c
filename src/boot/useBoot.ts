import { useSelector } from '@xstate/react';
import { clockFor, type Clock } from '../abp/clock.ts';
import { isGranted } from '../abp/userConfiguration.ts';
import { userConfigurationOf } from './bootView.ts';
import type { Session } from '../abp/session.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { bootActor, bootContext } from './bootActor.ts';

export function useSession(): Session | undefined {
  return useSelector(bootActor, (snapshot) => bootContext(snapshot).session);
}

export function useAppConfig(): AppConfig | undefined {
  return useSelector(bootActor, (snapshot) => bootContext(snapshot).config);
}

export function useIsGranted(permission: string): boolean {
  return useSelector(bootActor, (snapshot) => isGranted(userConfigurationOf(snapshot), permission));
}

export function useCurrentLanguage(): string {
  return useSelector(
    bootActor,
    (snapshot) => userConfigurationOf(snapshot)?.localization.currentLanguage.name ?? snapshot.context.cultureName,
  );
}

/** Which of these permissions are granted, as one object (stable while nothing changes). */
export function useIsGrantedMap(permissions: readonly string[]): Record<string, boolean> {
  const key = useSelector(bootActor, (snapshot) =>
    permissions.map((permission) => (isGranted(userConfigurationOf(snapshot), permission) ? '1' : '0')).join(''),
  );
  return Object.fromEntries(permissions.map((permission, index) => [permission, key[index] === '1']));
}

/** ABP's clock as the server configured it (unspecified, utc or local). */
export function useClock(): Clock {
  const provider = useSelector(bootActor, (snapshot) => userConfigurationOf(snapshot)?.clock.provider);
  return clockFor(provider);
}
