import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const START_LIBRARIES = /node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|@lingui\/(core|react)|ky)\//;
/** What main.tsx needs to send the config request: it must stay out of the big chunk. */
const ENTRY_MODULES = /\/src\/(main\.tsx|config\/(appConfigRequest|loadAppConfig|configError|appConfig)\.ts|abp\/(culture|headers|tenant|cookies)\.ts)$/;
/** Loaded when needed: sections, sign-in and token code, the connection banner, the inspector, the update prompt, other catalogs. */
const LAZY_MODULES =
  /\/src\/(sections|auth|connection|locales\/en)\/|\/src\/locales\/nl\/pages\.po$|\/src\/(inspect\.ts|ui\/(SessionBanner|UpdatePrompt|AfterStart|NoAccess)\.tsx|abp\/(tenancy|tokenAuth|language)\.ts|boot\/restart\.ts|i18n\/switchLanguage\.ts)$|\/machines\/(token|callback|connectivity)\./;

function isStartModule(id: string): boolean {
  if (START_LIBRARIES.test(id)) return true;
  if (id.endsWith('.css')) return false;
  return /\/(src|machines)\//.test(id) && !id.includes('node_modules') && !ENTRY_MODULES.test(id) && !LAZY_MODULES.test(id);
}

/**
 * The entry only sends the config request and then imports the app; these
 * links let the browser fetch the app's chunks in parallel with the entry
 * instead of after it.
 */
function preloadAppChunks(): Plugin {
  return {
    name: 'preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        const entry = bundle && Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
        const start = bundle && Object.values(bundle).find((item) => item.type === 'chunk' && item.isDynamicEntry && item.name === 'start');
        if (!bundle || !entry || entry.type !== 'chunk' || !start || start.type !== 'chunk') return;
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        const linked = (fileName: string) => fileName === entry.fileName || html.includes(`/${fileName}"`);
        return [
          ...[...styles].filter((fileName) => !linked(fileName)).map((fileName) => ({ rel: 'stylesheet', href: `/${fileName}` })),
          ...[...scripts].filter((fileName) => !linked(fileName)).map((fileName) => ({ rel: 'modulepreload', crossorigin: '', href: `/${fileName}` })),
        ].map((attrs) => ({ tag: 'link', attrs, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    preloadAppChunks(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        globIgnores: ['assets/appconfig*.json'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/account\/logincallback/, /^\/assets\/appconfig/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { port: 4200, strictPort: true, host: 'localhost' },
  preview: { port: 4200, strictPort: true, host: 'localhost' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No preload helper: it would tie the tiny entry to the app chunk. The
    // app's chunks are linked from index.html (preloadAppChunks); a lazy
    // route's own imports follow it.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // One chunk for what every start needs compresses better than the
        // dozen small shared chunks automatic splitting makes of it.
        codeSplitting: {
          groups: [
            { name: 'index', test: (id: string) => ENTRY_MODULES.test(id), priority: 2 },
            { name: 'app', test: isStartModule, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/devstack/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.e2e.ts'],
          globalSetup: ['tests/browser/support/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
