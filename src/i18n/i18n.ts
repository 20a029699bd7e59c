import { i18n, type Messages } from '@lingui/core';
import { messages as sourceMessages } from '../locales/nl/messages.po';
import { catalogLocale, SOURCE_LOCALE, type Locale } from './locales.ts';

/**
 * The Dutch catalog is part of the main bundle, so the busy indicator and the
 * start-up error screens speak Dutch before anything else has loaded. Other
 * catalogs load on demand, once each.
 */
i18n.load(SOURCE_LOCALE, sourceMessages);
i18n.activate(SOURCE_LOCALE);

const loaders: Record<Exclude<Locale, 'nl'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
};

const loading = new Map<Locale, Promise<void>>([[SOURCE_LOCALE, Promise.resolve()]]);

/** Starts fetching a catalog; the same promise is returned on every later call. */
export function loadCatalog(name: string): Promise<void> {
  const locale = catalogLocale(name);
  let promise = loading.get(locale);
  if (!promise) {
    promise = loaders[locale as Exclude<Locale, 'nl'>]().then(({ messages }) => i18n.load(locale, messages));
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/** Loads the catalog and makes it the interface language; `<html lang>` follows. */
export async function activateLocale(name: string): Promise<void> {
  await loadCatalog(name);
  const locale = catalogLocale(name);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}

export function isLocaleActive(name: string): boolean {
  return i18n.locale === catalogLocale(name);
}

export { i18n };
