import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { earlyScript } from './scripts/build/earlyScript.ts';
import { lazyStylesheets } from './scripts/build/lazyStylesheets.ts';
import { collectOnDemandFiles } from './scripts/build/precache.ts';
import { splitModules, staticClosure, withPackages } from './scripts/modules.ts';

/**
 * The test limits, calibrated to this machine once per run
 * (tests/support/limits.ts): only under vitest, so a build or the dev server
 * does not time the machine. A vitest started by `npm test` is handed the
 * factor; one started by itself measures it here and says so first.
 */
const limits = process.env.VITEST ? await import('./tests/support/limits.ts') : undefined;
if (limits?.CALIBRATION.source === 'measured') console.log(limits.describeCalibration());

/** The CPUs this process may use (follows `taskset`): at most this many test files at once. */
const cpus = availableParallelism();
/**
 * Concurrent cases of one browser file (the security suite's, and the token
 * and boot paths, each on a stack of its own): as many as there are CPUs, and
 * three with one. The cases share the cores with their browser and stack, so
 * more at once only adds contention: the security suite's callback file took 101 s with 2 at a
 * time and 106 s with 5 on 2 cores, where a case waited up to 45 s for its
 * turn at a core. A case waits on the page's timers for much of its time,
 * though, and with one CPU the two queues do not run beside each other
 * (scripts/test.ts), so nothing else takes the core while a case waits.
 * Pinned to one core (`taskset -c 0`, docs/testing.md "What runs beside
 * what"), `security/tokens.e2e.ts` took 141 s one case at a time, 94 s two at
 * a time and 77 s three at a time, `security/id-token.e2e.ts` 140, 90 and
 * 68 s, `paths/token.engines.e2e.ts` 227 s two at a time and 203 s three.
 */
const browserConcurrency = cpus === 1 ? 3 : cpus;

/**
 * The browser files that drive Firefox and WebKit (through
 * tests/browser/support/driver.ts), a project of their own, and Chromium's
 * token and inactivity paths beside them: npm test runs this project in a
 * second queue beside the first (scripts/test.ts), and the whole run lasts
 * as long as the longer queue, so Chromium's paths are where the two are
 * evened out. At ab54c12 the engines' queue was the longer by 33 s with all
 * four of Chromium's path files here; with the unit and node files a third
 * quicker (one module graph a worker, jsdom only where a file asks for it),
 * Chromium's boot and callback paths (about 60 s) went back to the first
 * (docs/testing.md, "Under load").
 */
const ENGINE_FILES = [
  'tests/browser/engines/**/*.e2e.ts',
  'tests/browser/paths/**/*.engines.e2e.ts',
  'tests/browser/paths/token.paths.e2e.ts',
  'tests/browser/paths/inactivity.paths.e2e.ts',
];

/** Split by the rule of scripts/modules.ts: what main.tsx and start.tsx import statically, and what loads later. */
const modules = splitModules();

function moduleFile(id: string): string {
  return id.split('?')[0]!;
}

function isEntryModule(id: string): boolean {
  return modules.entry.has(moduleFile(id));
}

/** The start's modules in the bundler's graph (scripts/modules.ts), found once per build, on the first question. */
const startModules = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

function isStartModule(id: string, graph: Rolldown.ChunkingContext): boolean {
  let start = startModules.get(graph);
  if (!start) {
    startModules.set(graph, (start = withPackages(modules.start, (module) => graph.getModuleInfo(module)?.importedIds ?? [])));
  }
  return start.has(moduleFile(id)) || start.has(id);
}

/**
 * The start's chunks, by rule: the entry with what it imports statically, and
 * the entry's one import() (main.tsx: the start, whichever chunk the start
 * module ended up in) with what that imports statically.
 */
function startChunksOf(bundle: Rolldown.OutputBundle): { entry: Set<string>; app: Set<string> } {
  const chunk = (fileName: string) => (bundle[fileName]?.type === 'chunk' ? bundle[fileName] : undefined);
  const imports = (fileName: string) => chunk(fileName)?.imports ?? [];
  const entryChunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
  const entry = staticClosure(entryChunk ? [entryChunk.fileName] : [], imports);
  // The start is the entry's one import() of a file that is not *.lazy.*; the popup's notice (lib/popupChannel.lazy.ts) is not part of it.
  const starts = [...entry]
    .flatMap((fileName) => chunk(fileName)?.dynamicImports ?? [])
    .filter((fileName) => !chunk(fileName)?.name.endsWith('.lazy'));
  return { entry, app: staticClosure(starts, imports) };
}

/**
 * The start's chunks of the bundle being written, found before the import()
 * calls are given the chunks they need (build.modulePreload below).
 */
const startChunks = new Set<string>();

function findStartChunks(): Plugin {
  return {
    name: 'start-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const { entry, app } = startChunksOf(bundle);
        startChunks.clear();
        for (const fileName of [...entry, ...app]) startChunks.add(fileName);
      },
    },
  };
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
        if (!context.bundle) return;
        const { entry, app } = startChunksOf(context.bundle);
        if (app.size === 0)
          throw new Error('preload-app-chunks: the entry imports no start chunk, so index.html would link none of the app.');
        const linked = (fileName: string) => entry.has(fileName) || html.includes(`/${fileName}"`);
        return [...app]
          .filter((fileName) => !linked(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
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
    commit =
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || commit;
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
    earlyScript(),
    findStartChunks(),
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
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => !startChunks.has(dep)) },
    rolldownOptions: {
      output: {
        // One chunk for what every start needs compresses better than the
        // dozen small shared chunks automatic splitting makes of it.
        codeSplitting: {
          groups: [
            { name: 'index', test: isEntryModule, priority: 2 },
            { name: (id, graph) => (isStartModule(id, graph) ? 'app' : null), debugName: 'app', priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // As many at a time as there are CPUs for this process: first the unit
    // files, then the node files, then Chromium's files (one at a time; npm
    // test runs the engines' in a vitest of their own, beside these with two
    // CPUs or more, beside the unit and node files with one, scripts/test.ts).
    // Unit and node side by side took longer than one after the other (126 s
    // against 97 alone): each project has workers of its own.
    maxWorkers: cpus,
    // Vitest's own 5 s and 10 s, calibrated like every other limit (the property tests are sized to take about 2 s of it).
    testTimeout: limits?.UNIT_TEST_MS,
    hookTimeout: limits?.UNIT_HOOK_MS,
    // An expect.poll without a limit of its own waits for a visible outcome, not vitest's bare second.
    expect: { poll: { timeout: limits?.OUTCOME_MS } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The machines and clients need no DOM; a file that does says so (`// @vitest-environment jsdom`): jsdom's start
          // costs about a second of CPU a file.
          environment: 'node',
          // One module graph a worker for all its files: their imports are the same src/ again and again (a third less
          // time). Each file leaves the globals it stubs as it found them; the files pass in any order (--sequence.shuffle).
          isolate: false,
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}', 'tests/property/**/*.property.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // As the unit files: one module graph a worker (the stand-in stack's and oidc-provider's imports once, not per file).
          isolate: false,
          sequence: { groupOrder: 1 },
          include: ['tests/devstack/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          testTimeout: limits?.NODE_TEST_MS,
          hookTimeout: limits?.NODE_HOOK_MS,
          server: { deps: { inline: ['@xstate/machine-extractor'] } },
        },
        resolve: {
          alias: [
            {
              find: /^@xstate\/machine-extractor$/,
              replacement: resolve(import.meta.dirname, 'node_modules/@xstate/machine-extractor/dist/xstate-machine-extractor.esm.js'),
            },
            { find: /^xstate\/lib\/(.*)$/, replacement: 'xstate4/es/$1.js' },
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ['tests/browser/**/*.e2e.ts'],
          exclude: ENGINE_FILES,
          globalSetup: ['tests/browser/support/globalSetup.ts'],
          fileParallelism: false,
          maxConcurrency: browserConcurrency,
          testTimeout: limits?.TEST_MS,
          hookTimeout: limits?.TEST_MS,
        },
      },
      {
        // Firefox and WebKit, one file at a time beside Chromium's: their runs wait on real timers most of the time.
        extends: true,
        test: {
          name: 'engines',
          environment: 'node',
          sequence: { groupOrder: 2 },
          include: ENGINE_FILES,
          globalSetup: ['tests/browser/support/globalSetup.ts', 'tests/browser/support/firefoxProfile.ts'],
          fileParallelism: false,
          maxConcurrency: browserConcurrency,
          testTimeout: limits?.TEST_MS,
          hookTimeout: limits?.TEST_MS,
        },
      },
    ],
  },
});
