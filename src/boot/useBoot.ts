import { useSelector } from '@xstate/react';
import { isGranted, type UserConfiguration } from '../abp/userConfiguration.ts';
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


/** The current language's name as the server shows it ("Nederlands"), else its code. */
export function useCurrentLanguageName(): string {
  return useSelector(bootActor, (snapshot) => {
    const language = userConfigurationOf(snapshot)?.localization.currentLanguage;
    return language?.displayName || language?.name || snapshot.context.cultureName;
  });
}

/** The whole user configuration (GetAll): for what reads several parts of it, like the menu. */
export function useUserConfiguration(): UserConfiguration | undefined {
  return useSelector(bootActor, userConfigurationOf);
}
