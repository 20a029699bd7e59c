import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const LATER = [
  '<rootDir>/src/auth/**',
  '<rootDir>/src/connection/**',
  '<rootDir>/src/sections/account/**',
  '<rootDir>/src/sections/SectionPage.tsx',
  '<rootDir>/src/ui/NoAccess.tsx',
  '<rootDir>/src/ui/SessionBanner.tsx',
  '<rootDir>/src/ui/UpdatePrompt.tsx',
  '<rootDir>/src/ui/AfterStart.tsx',
];

export default defineConfig({
  sourceLocale: 'nl',
  locales: ['nl', 'en'],
  fallbackLocales: { default: 'nl' },
  // Two catalogs per language: `messages` for what every start shows (shell,
  // home, start-up errors), `pages` for the pages and messages loaded later
  // (sign-in, account, sections, banners), which load with their code.
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: LATER },
    { path: '<rootDir>/src/locales/{locale}/pages', include: LATER },
  ],
  // Origins without line numbers, so that moving code does not change the catalogs.
  format: formatter({ lineNumbers: false }),
});
