import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { lazyStylesheets } from './scripts/build/lazyStylesheets.ts';
import { collectOnDemandFiles } from './scripts/build/precache.ts';
import { splitModules } from './scripts/modules.ts';

/** The start's chunks, by the names the groups below give them, and rolldown's runtime. */
const START_CHUNK = /^assets\/(index|app|rolldown-runtime)-[\w-]{8}\.js$/;

const START_LIBRARIES = /node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|@lingui\/(core|react)|ky)\//;

/** The browser files that drive Firefox and WebKit (through tests/browser/support/driver.ts), a project of their own. */
const ENGINE_FILES = ['tests/browser/engines/**/*.e2e.ts', 'tests/browser/paths/*.engines.e2e.ts'];

/** Split by file name (scripts/modules.ts): what main.tsx and start.tsx import statically, and what loads later. */
const modules = splitModules();

function moduleFile(id: string): string {
  return id.split('?')[0]!;
}

function isEntryModule(id: string): boolean {
  return modules.entry.has(moduleFile(id));
}

/**
 * Constants a lazy chunk on the way to a signed-in Home shares with later code
 * (the provider tokens' storage key, which the start's settling of the
 * person's name reads): as a chunk of their own they would cost a phone a
 * round trip after that chunk, for a few bytes.
 */
const START_CONSTANTS = /\/src\/lib\/storageKeys\.ts$/;

function isStartModule(id: string): boolean {
  if (START_LIBRARIES.test(id) || START_CONSTANTS.test(moduleFile(id))) return true;
  return modules.start.has(moduleFile(id));
}

/**
 * The entry only imports the app (index.html has sent the config request); these
 * links let the browser fetch the app's scripts in parallel with the entry
 * instead of after it: on slow 4G one round trip less before the app runs.
 * The app's stylesheet is left to the entry: linked here it would hold back
 * the busy indicator's first paint, and it arrives long before the app's
 * script does.
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
        if (!bundle || !entry || entry.type !== 'chunk') return;
        /** The chunks `roots` need before they run: themselves and their static imports, transitively. */
        const staticClosure = (roots: readonly string[]) => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return;
            seen.add(fileName);
            chunk.imports.forEach(visit);
          };
          roots.forEach(visit);
          return seen;
        };
        // The entry's one import() (main.tsx) is the start, whichever chunk the start module ended up in and however the entry is split.
        const entryChunks = staticClosure([entry.fileName]);
        const starts = [...entryChunks].flatMap((fileName) => (bundle[fileName]?.type === 'chunk' ? bundle[fileName].dynamicImports : []));
        if (starts.length === 0) throw new Error('preload-app-chunks: the entry imports no start chunk, so index.html would link none of the app.');
        const scripts = staticClosure(starts);
        const linked = (fileName: string) => entryChunks.has(fileName) || html.includes(`/${fileName}"`);
        return [...scripts]
          .filter((fileName) => !linked(fileName))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/** What the service worker keeps only once it is used (scripts/build/precache.ts). */
const onDemand = collectOnDemandFiles();

/** Which build this is, for "Over de applicatie": the commit and the day it was built. */
function buildInfo(): { commit: string; date: string } {
  let commit = 'onbekend';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || commit;
  } catch {
    // Built outside a git checkout (a source archive): the build says so.
  }
  return { commit, date: new Date().toISOString() };
}

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify(buildInfo()) },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    preloadAppChunks(),
    lazyStylesheets(),
    onDemand.plugin,
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      // Our own worker (sw/sw.ts), bundled into one file: it imports no script by
      // address, which the CSP's Trusted Types would refuse (docs/security.md).
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg}'],
        globIgnores: ['assets/appconfig*.json'],
        // Beheer's and the host's screens and the other languages' catalogs are
        // kept once they are used, not at the install (scripts/build/precache.ts).
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !onDemand.files.has(entry.url)), warnings: [] })],
      },
    }),
  ],
  server: { port: 4200, strictPort: true, host: 'localhost' },
  preview: { port: 4200, strictPort: true, host: 'localhost' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every import() names the chunks and stylesheets it needs, so that they
    // are asked for at once (scripts/build/lazyStylesheets.ts), but for the
    // start's own chunks: index.html links those (preloadAppChunks), and
    // naming them at every import() would only make the start bigger.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => !START_CHUNK.test(dep)) },
    rolldownOptions: {
      output: {
        // One chunk for what every start needs compresses better than the
        // dozen small shared chunks automatic splitting makes of it.
        codeSplitting: {
          groups: [
            { name: 'index', test: isEntryModule, priority: 2 },
            { name: 'app', test: isStartModule, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Two at a time on CI's two cores: first the unit and node files, then Chromium's files beside the engines'.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}', 'tests/property/**/*.property.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: ['tests/devstack/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          testTimeout: 30_000,
          server: { deps: { inline: ['@xstate/machine-extractor'] } },
        },
        resolve: {
          alias: [
            { find: /^@xstate\/machine-extractor$/, replacement: resolve(import.meta.dirname, 'node_modules/@xstate/machine-extractor/dist/xstate-machine-extractor.esm.js') },
            { find: /^xstate\/lib\/(.*)$/, replacement: 'xstate4/es/$1.js' },
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['tests/browser/**/*.e2e.ts'],
          exclude: ENGINE_FILES,
          globalSetup: ['tests/browser/support/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Firefox and WebKit, one file at a time beside Chromium's: their runs wait on real timers most of the time.
        extends: true,
        test: {
          name: 'engines',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ENGINE_FILES,
          globalSetup: ['tests/browser/support/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
