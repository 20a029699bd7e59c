/**
 * The floor page: the start's libraries (React, the router, XState, Lingui,
 * ky) and nothing of the app, rendering one heading in place of the app's
 * busy indicator. Built with the app's
 * production build settings and served by the same app server, it is what a
 * start costs on this machine before any of the app's own work; the long-task
 * and Lighthouse budgets compare the app with it, measured in the same run, so
 * that a slower or a faster machine moves both.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../../../devstack/app-server/precompress.ts';
import { buildApp } from './build.ts';
import { collectLibraryImports, floorEntrySource } from './imports.ts';
import { withProductionEnv } from './production.ts';

/** The mark the floor page sets once its heading is on screen. */
export const FLOOR_RENDERED_MARK = 'floor-rendered';

/** Libraries of the size floor that the start does not load (they come with later pages). */
const NOT_IN_START = /^date-fns(\/|$)/;

/**
 * The floor page's HTML: the app's index.html shell (its inline style and the
 * busy indicator in #root, taken from the checkout's index.html) without its
 * scripts, so that, as in the app, the first paint comes before any script
 * and every task of the libraries falls after it, where total blocking time
 * counts it.
 */
export function floorIndexHtml(appIndexHtml: string): string {
  const style = /<style>[\s\S]*?<\/style>/.exec(appIndexHtml)?.[0];
  const root = /<div id="root"[\s\S]*?<\/div><\/div>/.exec(appIndexHtml)?.[0];
  if (!style || !root)
    throw new Error("index.html has no inline <style> or no #root with the busy indicator: the floor page cannot take the app's shell.");
  return `<!doctype html>
<html lang="nl">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Medewerkersportaal" />
    <title>Medewerkersportaal</title>
    ${style}
  </head>
  <body>
    ${root}
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;
}

// Each library used as the app uses it on its way to the first screen: a Lingui catalog activated,
// an XState actor started and read through @xstate/react, a ky instance, the router rendering a route.
const MAIN_TSX = `import { i18n } from '@lingui/core';
import { I18nProvider, Trans } from '@lingui/react';
import { Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import ky from 'ky';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, setup } from 'xstate';
import './libraries.ts';

const actor = createActor(setup({}).createMachine({ id: 'floor', initial: 'shown', states: { shown: {} } })).start();
const api = ky.create({ prefixUrl: location.origin });
i18n.load('nl', { 'floor.heading': 'Medewerkersportaal' });
i18n.activate('nl');

function Heading() {
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  useEffect(() => void performance.mark('${FLOOR_RENDERED_MARK}'), []);
  return <h1 data-state={state} data-api={typeof api}><Trans id="floor.heading" /></h1>;
}

const rootRoute = createRootRoute({ component: Outlet });
const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '$', component: Heading })]);
const router = createRouter({ routeTree });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
`;

/**
 * Builds the floor page into `outDir` and writes its brotli and gzip copies,
 * as the app's build is served. Its sources are written into `<root>/bench-dist`
 * so that they resolve the checkout's node_modules. Every binding `src/` and
 * `machines/` import from the start's libraries is kept alive, as in the size
 * floor, so the page evaluates as much library code as the app's start does.
 */
export async function buildFloorPage(outDir: string, root = process.cwd()): Promise<void> {
  const sourceDir = resolve(root, 'bench-dist/floor-src');
  rmSync(sourceDir, { recursive: true, force: true });
  mkdirSync(sourceDir, { recursive: true });
  const imports = collectLibraryImports([resolve(root, 'src'), resolve(root, 'machines')]);
  for (const specifier of [...imports.keys()]) if (NOT_IN_START.test(specifier)) imports.delete(specifier);
  writeFileSync(resolve(sourceDir, 'index.html'), floorIndexHtml(readFileSync(resolve(root, 'index.html'), 'utf8')));
  writeFileSync(resolve(sourceDir, 'main.tsx'), MAIN_TSX);
  writeFileSync(resolve(sourceDir, 'libraries.ts'), floorEntrySource(imports));
  await withProductionEnv(() =>
    build({
      root: sourceDir,
      configFile: false,
      envDir: false,
      publicDir: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      // As vite.config.ts builds the app.
      build: {
        outDir: resolve(outDir),
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        modulePreload: { polyfill: false },
        reportCompressedSize: false,
        rolldownOptions: {
          onwarn: (warning, warn) => {
            if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
          },
        },
      },
    }),
  );
  precompress(outDir);
}

/**
 * What a measurement against the floor needs built: the app for production
 * (precompressed, as the app server serves it) unless `--no-build` asks to
 * measure the build that is there, then the floor page.
 */
export async function buildAppAndFloorPage({
  dist,
  floorDist,
  root,
  log,
}: {
  dist: string;
  floorDist: string;
  root: string;
  log: (line: string) => void;
}): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    log(`Building the app for production into ${dist}/ …`);
    await buildApp(dist, root);
    precompress(dist);
  }
  log('Building the floor page …');
  await buildFloorPage(floorDist, root);
}
