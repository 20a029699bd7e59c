import { useSelector } from '@xstate/react';
import { userConfigurationOf } from './bootActor.ts';
import { useBootActor } from './useBoot.ts';

// Kept apart from useBoot.ts: only the language switch and Over de applicatie use them, and they load later.

/** The current language's code (`nl`, `en-US`), from the server or else the culture cookie. */
export function useCurrentLanguage(): string {
  return useSelector(
    useBootActor(),
    (snapshot) => userConfigurationOf(snapshot)?.localization.currentLanguage.name ?? snapshot.context.cultureName,
  );
}

/** The current language's name as the server shows it ("Nederlands"), else its code. */
export function useCurrentLanguageName(): string {
  return useSelector(useBootActor(), (snapshot) => {
    const language = userConfigurationOf(snapshot)?.localization.currentLanguage;
    return language?.displayName || language?.name || snapshot.context.cultureName;
  });
}
