import { abpClientFor } from '../config/abpClient.ts';
import { CULTURE_COOKIE } from '../abp/cookies.ts';
import { deleteCookie, readCookie } from '../lib/cookies.ts';
import { setCultureName } from '../abp/culture.ts';
import { changeLanguage } from '../abp/language.ts';
import { restartBoot } from './restart.ts';
import { loadCatalog } from '../i18n/i18n.ts';
import { bootContext, type BootActor } from './bootActor.ts';
import { maySaveLanguage } from './deviceLanguage.lazy.ts';
import { mapLocale } from '../../machines/locale.ts';

/**
 * ABP's language change: tell the server when the person may save a
 * language there (`User/ChangeLanguage` needs `Pages.Users` in ABP's
 * template: anyone else gets a 403 for doing what the screen offered), set
 * the culture cookie, then start again. Without that permission the choice
 * holds on this device (see `withDeviceLanguage`). The catalog is fetched
 * while the server answers. A failed re-run puts the cookie back and rejects.
 */
export async function switchLanguage(boot: BootActor, languageName: string): Promise<void> {
  const { config, userConfiguration } = bootContext(boot.getSnapshot());
  const catalog = loadCatalog(mapLocale(languageName, config?.localeMappings ?? []));
  if (config && maySaveLanguage(userConfiguration)) {
    await changeLanguage(abpClientFor(config), languageName);
  }
  const previous = readCookie(CULTURE_COOKIE);
  setCultureName(languageName);
  await catalog.catch(() => undefined);
  try {
    await restartBoot(boot);
  } catch (error) {
    // The page stays in the language it shows; the next start must not switch by itself.
    if (previous === undefined) deleteCookie(CULTURE_COOKIE);
    else setCultureName(previous);
    throw error;
  }
}
