import { relative } from 'node:path';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { HOME_SCREEN, splitModules } from './scripts/modules.ts';
import { LOCALES, SOURCE_LOCALE } from './src/i18n/locales.ts';

/**
 * src/ files that load later (scripts/modules.ts: by the `*.lazy.*` rule), for the `pages` catalog; not Home's
 * screen, which every signed-in start shows: its texts are in the start's catalog, so Home never waits for `pages`.
 */
const { later } = splitModules();
const LATER = [...later]
  .map((file) => `<rootDir>/${relative(import.meta.dirname, file)}`)
  .filter((path) => path.startsWith('<rootDir>/src/') && path !== `<rootDir>/${HOME_SCREEN}`);

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  // Two catalogs per language: `messages` for what every start shows (shell,
  // Home, start-up errors), `pages` for the pages and messages loaded later
  // (sign-in, account, sections, Home's tiles, banners), which load with their code.
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: LATER },
    { path: '<rootDir>/src/locales/{locale}/pages', include: LATER },
  ],
  // Origins without line numbers, so that moving code does not change the catalogs.
  format: formatter({ lineNumbers: false }),
});
