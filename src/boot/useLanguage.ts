import { useSelector } from '@xstate/react';
import { bootActor, userConfigurationOf } from './bootActor.ts';

// Kept apart from useBoot.ts: only the language switch and Over de applicatie use them, and they load later.

/** The current language's code (`nl`, `en-US`), from the server or else the culture cookie. */
export function useCurrentLanguage(): string {
  return useSelector(
    bootActor,
    (snapshot) => userConfigurationOf(snapshot)?.localization.currentLanguage.name ?? snapshot.context.cultureName,
  );
}

/** The current language's name as the server shows it ("Nederlands"), else its code. */
export function useCurrentLanguageName(): string {
  return useSelector(bootActor, (snapshot) => {
    const language = userConfigurationOf(snapshot)?.localization.currentLanguage;
    return language?.displayName || language?.name || snapshot.context.cultureName;
  });
}
