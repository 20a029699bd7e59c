import { loadPagesCatalog } from './i18n.ts';

/** A lazy module together with the `pages` catalog its texts are in, so it never renders untranslated. */
export async function withPages<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), loadPagesCatalog()]);
  return module;
}
