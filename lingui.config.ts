import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'nl',
  locales: ['nl', 'en'],
  fallbackLocales: { default: 'nl' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'] }],
  // Origins without line numbers, so that moving code does not change the catalogs.
  format: formatter({ lineNumbers: false }),
});
