import { abpClientFor } from '../abp/appClient.ts';
import { CULTURE_COOKIE, deleteCookie, readCookie } from '../abp/cookies.ts';
import { setCultureName } from '../abp/culture.ts';
import { changeLanguage } from '../abp/language.ts';
import { bootActor } from '../boot/bootActor.ts';
import type { Session } from '../abp/session.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { restartBoot } from '../boot/restart.ts';
import { loadCatalog } from './i18n.ts';

/**
 * ABP's language change: tell the server when signed in, set the culture
 * cookie, then start again. The catalog is fetched while the server answers.
 * A failed re-run puts the cookie back and rejects.
 */
export async function switchLanguage(languageName: string): Promise<void> {
  const { config, session } = bootActor.getSnapshot().context;
  const catalog = loadCatalog(languageName);
  if (config && (session as Session | undefined)?.user) {
    await changeLanguage(abpClientFor(config as AppConfig), languageName);
  }
  const previous = readCookie(CULTURE_COOKIE);
  setCultureName(languageName);
  await catalog.catch(() => undefined);
  try {
    await restartBoot();
  } catch (error) {
    // The page stays in the language it shows; the next start must not switch by itself.
    if (previous === undefined) deleteCookie(CULTURE_COOKIE);
    else setCultureName(previous);
    throw error;
  }
}
