import { CULTURE_COOKIE } from '../abp/cookies.ts';
import { readCookie } from '../lib/cookies.ts';
import { setCultureName } from '../abp/culture.ts';
import type { AbpClient } from '../abp/client.ts';
import type { Session } from '../abp/session.ts';
import * as ENDPOINTS from '../endpoints/endpointTable.ts';
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

/** ABP's setting of a person's language: GetAll's value is the one saved for the person, else the default. */
const LANGUAGE_SETTING = 'Abp.Localization.DefaultLanguageName';

/** The listed language a culture stands for, as ABP's request localization finds it: its own name, else its parent's (`en-US` is `en`). */
function listedName(configuration: UserConfiguration, culture: string): string | undefined {
  const names = configuration.localization.languages.map((language) => language.name);
  const find = (name: string) => names.find((listed) => listed.toLowerCase() === name.toLowerCase());
  return find(culture) ?? find(culture.split('-')[0] ?? culture);
}

/**
 * Who decides the language, once GetAll has answered a signed-in person.
 * Every call with a bearer names this device's language in the query, which
 * ABP neither saves nor lets a saved language beat (abp/headers.ts), so the
 * answer is in this device's language.
 *
 * - Someone who may save a language (`User/ChangeLanguage` needs
 *   `Pages.Users` in ABP's template): the language ABP keeps for the person
 *   is his choice, made on any device (the select saves it there). When the
 *   answer's setting names another, the answer says so
 *   (`keepsOtherLanguage`) and start-up asks GetAll again in his
 *   ({@link loadPersonLanguage}). Otherwise the cookie follows the answer: the
 *   select, the login page after signing out and the texts agree.
 * - Anyone else: the choice made on this device, kept in its culture
 *   cookie, is what this device shows, and nothing saves it at the backend;
 *   a language ABP keeps for the person (saved before, or elsewhere) decides
 *   nothing here.
 */
export function withDeviceLanguage(
  config: AppConfig,
  configuration: UserConfiguration,
): UserConfiguration & { keepsOtherLanguage?: boolean } {
  if (configuration.session.userId === null || !maySaveLanguage(configuration)) return configuration;
  const kept = configuration.setting.values[LANGUAGE_SETTING];
  const answered = configuration.localization.currentLanguage.name;
  if (kept === undefined || listedName(configuration, kept) !== answered) return { ...configuration, keepsOtherLanguage: true };
  followLanguage(config, answered);
  return configuration;
}

/**
 * GetAll without the query's culture, so ABP answers in the language it
 * keeps for the person, or, keeping none, in this device's, which that call
 * names only in Accept-Language: ABP never saves it (abp/headers.ts), so
 * nothing is saved that the person did not choose. The cookie follows the
 * answer.
 */
export async function loadPersonLanguage(config: AppConfig, client: AbpClient): Promise<UserConfiguration> {
  const own = await getUserConfiguration(client, { personLanguage: true });
  followLanguage(config, own.localization.currentLanguage.name);
  return own;
}

/** This device's culture cookie names the language (unless it names the same one already). */
function followLanguage(config: AppConfig, language: string): void {
  const chosen = readCookie(CULTURE_COOKIE)?.trim();
  if (!chosen || !sameLanguage(config, chosen, language)) setCultureName(language);
}

/**
 * What a GetAll answer settles besides itself, for a start that holds a token
 * or answers someone signed in: the language (above), and a held token the
 * backend answered as anonymous (ABP does so for a forged, expired or unknown
 * token, never 401), which the boot machine then clears.
 */
export function settleUserConfiguration(
  config: AppConfig,
  answered: UserConfiguration,
  sent: string | undefined,
): UserConfiguration & { ignoredToken?: string; keepsOtherLanguage?: boolean } {
  const configuration = withDeviceLanguage(config, answered);
  if (sent === undefined || configuration.session.userId !== null) return configuration;
  logWarning('start-up', 'GetAll answered the held token as anonymous');
  return { ...configuration, ignoredToken: sent };
}

/** A signed-in session settles the person's name: the provider's (boot/personName.ts). */
export function settleSession(session: Session, configuration: UserConfiguration | undefined): Session {
  return withPersonName(session, configuration);
}
