import { abpClientFor } from '../config/abpClient.ts';
import { CULTURE_COOKIE, deleteCookie, readCookie } from '../abp/cookies.ts';
import { setCultureName } from '../abp/culture.ts';
import { changeLanguage } from '../abp/language.ts';
import { restartBoot } from './restart.ts';
import { loadCatalog } from '../i18n/i18n.ts';
import { bootContext } from './bootActor.ts';

/**
 * ABP's language change: tell the server when signed in, set the culture
 * cookie, then start again. The catalog is fetched while the server answers.
 * A failed re-run puts the cookie back and rejects.
 */
export async function switchLanguage(languageName: string): Promise<void> {
  const { config, session } = bootContext();
  const catalog = loadCatalog(languageName);
  if (config && session?.user) {
    await changeLanguage(abpClientFor(config), languageName);
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
