import { SOURCE_LOCALE } from '../i18n/locales.ts';

/**
 * Asks a provider page for the app's language (`ui_locales`, OIDC Core
 * 3.1.2.1): the language the active catalog set on the page. The sign-in
 * and the login page's links to the provider's own pages ask the same way.
 */
export function askForPageLanguage(url: URL): URL {
  url.searchParams.set('ui_locales', document.documentElement.lang || SOURCE_LOCALE);
  return url;
}
