import { i18n, type Messages } from '@lingui/core';
import { messages as startMessages } from '../locales/nl/messages.po';
import { catalogLocale, SOURCE_LOCALE, type Locale } from './locales.ts';

/**
 * Each language has two catalogs: `messages`, what every start shows, and
 * `pages`, the texts of the pages and messages that load later. The Dutch
 * `messages` catalog is part of the main bundle, so the busy indicator and
 * the start-up error screens speak Dutch before anything else has loaded;
 * every other catalog loads on demand, once, and lazy code awaits `pages`
 * before it renders.
 */
i18n.load(SOURCE_LOCALE, startMessages);
i18n.activate(SOURCE_LOCALE);

type Catalog = 'messages' | 'pages';
type Loader = () => Promise<{ messages: Messages }>;

const loaders: Record<Locale, Record<Catalog, Loader>> = {
  nl: { messages: async () => ({ messages: startMessages }), pages: () => import('../locales/nl/pages.po') },
  en: { messages: () => import('../locales/en/messages.po'), pages: () => import('../locales/en/pages.po') },
};

const loading = new Map<string, Promise<void>>();
/** Catalogs some code has asked for: a language switch loads them too. */
const wanted = new Set<Catalog>(['messages']);

function load(locale: Locale, catalog: Catalog): Promise<void> {
  const key = `${locale}/${catalog}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[locale][catalog]().then(({ messages }) => i18n.load(locale, messages));
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Starts fetching a language's catalogs; the same promise is returned on every later call. */
export async function loadCatalog(name: string): Promise<void> {
  const locale = catalogLocale(name);
  await Promise.all([...wanted].map((catalog) => load(locale, catalog)));
}

/** The `pages` catalog of the current language, for code that loads after start-up. */
export async function loadPagesCatalog(): Promise<void> {
  wanted.add('pages');
  await load(catalogLocale(i18n.locale), 'pages');
}

/** Loads the catalogs and makes it the interface language; `<html lang>` follows. */
export async function activateLocale(name: string): Promise<void> {
  await loadCatalog(name);
  const locale = catalogLocale(name);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}

export { i18n };
