import { abpClientFor } from '../abp/appClient.ts';
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
 */
export async function switchLanguage(languageName: string): Promise<void> {
  const { config, session } = bootActor.getSnapshot().context;
  const catalog = loadCatalog(languageName);
  if (config && (session as Session | undefined)?.user) {
    await changeLanguage(abpClientFor(config as AppConfig), languageName);
  }
  setCultureName(languageName);
  await catalog.catch(() => undefined);
  await restartBoot();
}
