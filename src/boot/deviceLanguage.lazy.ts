import { CULTURE_COOKIE, readCookie } from '../abp/cookies.ts';
import { setCultureName } from '../abp/culture.ts';
import type { AbpClient } from '../abp/client.ts';
import type { Session } from '../abp/session.ts';
import * as ENDPOINTS from '../abp/endpointTable.ts';
import { getUserConfiguration, isGranted, type UserConfiguration } from '../abp/userConfiguration.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { mapLocale } from '../../machines/locale.ts';
import { logWarning } from '../lib/log.ts';
import { withPersonName } from './personName.ts';

/** Two ABP language names for the same catalog (`en` and `en-US` after `localeMappings`). */
export function sameLanguage(config: AppConfig, a: string, b: string): boolean {
  return mapLocale(a, config.localeMappings).toLowerCase() === mapLocale(b, config.localeMappings).toLowerCase();
}

/** May this person save a language at the backend (`User/ChangeLanguage`)? */
export function maySaveLanguage(configuration: UserConfiguration | undefined): boolean {
  const { permission } = ENDPOINTS.ChangeLanguage;
  return configuration?.session.userId != null && isGranted(configuration, permission);
}

/**
 * Who decides the language, once GetAll has answered a signed-in person.
 * ABP answers in the person's saved language, whatever the culture header
 * says (abp-recorded/user.json `userconfiguration-after-changelanguage-en`).
 *
 * - Someone who may save a language: the backend's is the person's choice,
 *   made on any device; this device's cookie follows it, so the select, the
 *   login page after signing out and the texts agree.
 * - Someone who may not (ChangeLanguage needs `Pages.Users` in ABP's
 *   template): the choice made on this device counts here. GetAll is asked
 *   again in that language, and the answer names the account's language, so
 *   the screen can say what is kept where.
 */
export async function withDeviceLanguage(config: AppConfig, client: AbpClient, configuration: UserConfiguration): Promise<UserConfiguration> {
  if (configuration.session.userId === null) return configuration;
  const answered = configuration.localization.currentLanguage;
  const chosen = readCookie(CULTURE_COOKIE)?.trim();
  if (chosen && sameLanguage(config, chosen, answered.name)) return configuration;
  if (maySaveLanguage(configuration)) {
    setCultureName(answered.name);
    return configuration;
  }
  // Nothing chosen on this device: the account's language, whatever it is.
  if (!chosen) return configuration;
  const onDevice = await getUserConfiguration(client, chosen);
  return { ...onDevice, accountLanguage: answered };
}

/**
 * What a GetAll answer settles besides itself, for a start that holds a token
 * or answers someone signed in: the language (above), and a held token the
 * backend answered as anonymous (ABP does so for a forged, expired or unknown
 * token, never 401), which the boot machine then clears.
 */
export async function settleUserConfiguration(config: AppConfig, client: AbpClient, answered: UserConfiguration, sent: string | undefined): Promise<UserConfiguration & { ignoredToken?: string }> {
  const configuration = await withDeviceLanguage(config, client, answered);
  if (sent === undefined || configuration.session.userId !== null) return configuration;
  logWarning('start-up', 'GetAll answered the held token as anonymous');
  return { ...configuration, ignoredToken: sent };
}

/** A signed-in session settles the person's name: the provider's (boot/personName.ts). */
export function settleSession(session: Session, configuration: UserConfiguration | undefined): Session {
  return withPersonName(session, configuration);
}
