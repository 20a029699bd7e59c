/**
 * npm run bench [-- --runs N] [--check] [--root DIR --out DIR]
 *
 * Builds the app for production, serves it with the local stack, and measures in
 * headless Chromium what a signed-in start and a sign-in cost: bytes before
 * /app/home against the library floor, and the start-up times at 0 ms and at
 * 100 ms added API latency. Prints every figure against its budget and writes
 * docs/performance.md and docs/performance.json. --check exits 1 on a missed budget.
 * --root measures another checkout (a copy with a change to try out); --out
 * writes its results elsewhere than <root>/docs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../tests/browser/support/chromium.ts';
import { startTestStack } from '../tests/browser/support/stack.ts';
import { indicatorWithoutScript, measureBoot, measureSignIn, type BootRun, type FetchedFile, type SignInRun } from './bench/browser.ts';
import { measureBarePage, writeBarePage } from './bench/barePage.ts';
import { ABP_ANGULAR, BUDGETS, BUSY_LABEL } from './bench/budgets.ts';
import { buildApp } from './bench/build.ts';
import { kb, sizesOf, sumSizes, type Sizes } from './bench/compress.ts';
import {
  BUSINESS_SECTIONS,
  CALLBACK_CHUNK,
  OAUTH4WEBAPI_MARKER,
  catalogFiles,
  catalogMarkers,
  chunkNamed,
  chunksNamed,
  filesContaining,
  initialSet,
  readDist,
  sizesOfSet,
  staticClosure,
  type DistGraph,
} from './bench/dist.ts';
import { buildFloor } from './bench/floor.ts';
import { currentLoad, describeMachine, describeRevision } from './bench/machine.ts';
import { consoleTable, markdown, ms, sizesText, spreadText, type ChunkRow, type Figure, type Report } from './bench/report.ts';
import { median, spread, type Spread } from './bench/stats.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const root = resolve(option('--root') ?? resolve(import.meta.dirname, '..'));
const outDir = resolve(option('--out') ?? resolve(root, 'docs'));
const DIST = resolve(root, 'bench-dist/app');
const BARE_DIST = resolve(root, 'bench-dist/bare');
const LATENCIES = [0, BUDGETS.latencyMs];

const runs = Number(option('--runs') ?? 10);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number, got ${option('--runs')}`);
const check = process.argv.includes('--check');

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function isCode(file: { url: string }): boolean {
  return /\.(js|css)$/.test(new URL(file.url).pathname);
}

function pathOf(url: string): string {
  return new URL(url).pathname.replace(/^\//, '');
}

/** A translated catalog's own strings, to recognise its chunk; the source locale's catalogs have none. */
interface Translation {
  locale: string;
  name: string;
  markers: string[];
}

function holds(text: string, translation: Translation): boolean {
  const found = translation.markers.filter((marker) => text.includes(marker)).length;
  return translation.markers.length > 0 && found * 2 >= translation.markers.length;
}

/** Chunks that must stay out of the initial set, from the built files. */
function lazyChunks(graph: DistGraph, initial: Set<string>, translations: Translation[], catalogNames: string[], sourceLocale: string): ChunkRow[] {
  const extra = (path: string): Sizes => sizesOfSet(graph, [...staticClosure(graph, [path])].filter((file) => !initial.has(file)));
  const row = (kind: string, path: string): ChunkRow => ({ kind, file: path, sizes: graph.files.get(path)!.sizes, extraOnVisit: extra(path) });
  const rows: ChunkRow[] = BUSINESS_SECTIONS.map((section) => row(`section ${section}`, chunkNamed(graph, `${section}.lazy`).path));
  for (const name of catalogNames) {
    for (const catalog of chunksNamed(graph, name)) {
      const locale = translations.find((translation) => translation.name === name && holds(catalog.text, translation))?.locale ?? sourceLocale;
      rows.push(row(`catalog ${name} (${locale})`, catalog.path));
    }
  }
  for (const path of filesContaining(graph, graph.files.keys(), OAUTH4WEBAPI_MARKER)) rows.push(row('sign-in: oauth4webapi', path));
  rows.push(row('sign-in: login callback', chunkNamed(graph, CALLBACK_CHUNK).path));
  return rows;
}

/**
 * Sign-ins and signed-in starts at every latency, one stack per latency, the
 * runs taking turns (0 ms, 100 ms, 0 ms, ...) so that both latencies see the
 * same machine: the latency floor compares them.
 */
async function measureLatencies(browser: Browser): Promise<Map<number, { boots: BootRun[]; signIns: SignInRun[] }>> {
  const sides = await Promise.all(LATENCIES.map(async (latencyMs) => ({ latencyMs, stack: await startTestStack({ dist: DIST, latencyMs }) })));
  try {
    const results = sides.map((side) => {
      const admin = side.stack.users.find((user) => user.userName === 'admin');
      if (!admin) throw new Error('The stack has no admin user.');
      return { ...side, admin, boots: [] as BootRun[], signIns: [] as SignInRun[], storageState: undefined as Awaited<ReturnType<BrowserContext['storageState']>> | undefined };
    });
    log('  warm-up sign-ins');
    for (const side of results) side.storageState = (await measureSignIn(browser, side.stack.urls, side.admin)).storageState;
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) {
        const { run, storageState } = await measureSignIn(browser, side.stack.urls, side.admin);
        side.signIns.push(run);
        side.storageState = storageState;
      }
    }
    for (const side of results) log(`  ${side.latencyMs} ms: ${runs} sign-ins, median ${ms(median(side.signIns.map((run) => run.callbackToHome)))} from the callback`);
    for (const side of results) await measureBoot(browser, side.stack.urls.app, side.storageState!);
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) side.boots.push(await measureBoot(browser, side.stack.urls.app, side.storageState!));
    }
    for (const side of results) log(`  ${side.latencyMs} ms: ${runs} signed-in starts, median ${ms(median(side.boots.map((run) => run.homeRendered)))} to /app/home`);
    return new Map(results.map((side) => [side.latencyMs, { boots: side.boots, signIns: side.signIns }]));
  } finally {
    await Promise.all(sides.map((side) => side.stack.stop()));
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  log(`Building the app for production into ${DIST}/ …`);
  await buildApp(DIST, root);
  const graph = readDist(DIST);
  const staticInitial = initialSet(graph);
  const catalogs = catalogFiles(resolve(root, 'src/locales'));
  const translations: Translation[] = catalogs.map((catalog) => ({ ...catalog, markers: catalogMarkers(readFileSync(catalog.path, 'utf8')) }));
  const foreign = translations.filter((translation) => translation.markers.length > 0);
  const sourceLocales = [...new Set(translations.filter((translation) => translation.markers.length === 0).map((translation) => translation.locale))];
  const sourceLocale = sourceLocales.length === 1 ? sourceLocales[0]! : 'source locale';
  const chunks = lazyChunks(graph, staticInitial, foreign, [...new Set(catalogs.map((catalog) => catalog.name))], sourceLocale);

  log('Building the library floor …');
  const floor = await buildFloor(root);

  log('Measuring in Chromium …');
  const loadAtStart = currentLoad();
  const browser = await launchChromium();
  const chromium = browser.version();
  let byLatency = new Map<number, { boots: BootRun[]; signIns: SignInRun[] }>();
  let indicator: { visible: boolean; fcp: number | undefined };
  const bare: { appconfigStart: number; fcp: number | undefined }[] = [];
  try {
    const stack = await startTestStack({ dist: DIST });
    try {
      indicator = await indicatorWithoutScript(browser, stack.urls.app, BUSY_LABEL);
    } finally {
      await stack.stop();
    }
    writeBarePage(DIST, BARE_DIST);
    const bareStack = await startTestStack({ dist: BARE_DIST });
    try {
      await measureBarePage(browser, bareStack.urls.app);
      for (let i = 0; i < runs; i += 1) bare.push(await measureBarePage(browser, bareStack.urls.app));
      log(`  bare page: config request at ${ms(median(bare.map((run) => run.appconfigStart)))} (median)`);
    } finally {
      await bareStack.stop();
    }
    byLatency = await measureLatencies(browser);
  } finally {
    await browser.close();
  }
  const load = { start: loadAtStart, end: currentLoad() };

  // Sizes of what was fetched, by file: the same body gives the same size in every run.
  const sizesByPath = new Map<string, Sizes>();
  const sizeOf = (file: FetchedFile) => {
    const path = pathOf(file.url);
    let sizes = sizesByPath.get(path);
    if (!sizes) {
      sizes = sizesOf(file.body);
      sizesByPath.set(path, sizes);
    }
    return sizes;
  };
  const boots0 = byLatency.get(0)!.boots;
  const seen = new Map<string, number>();
  const initialGzip: number[] = [];
  const initialSizesPerRun: Sizes[] = [];
  const everythingGzip: number[] = [];
  const leaks = new Set<string>();
  const sectionPattern = new RegExp(`(^|/)(${BUSINESS_SECTIONS.join('|')})\\.lazy-`);
  for (const run of boots0) {
    const code = run.fetched.filter(isCode);
    for (const file of code) {
      const path = pathOf(file.url);
      seen.set(path, (seen.get(path) ?? 0) + 1);
      const text = file.body.toString('utf8');
      if (text.includes(OAUTH4WEBAPI_MARKER)) leaks.add(`${path} (oauth4webapi)`);
      if (sectionPattern.test(path)) leaks.add(`${path} (business section)`);
      for (const translation of foreign) if (holds(text, translation)) leaks.add(`${path} (${translation.locale} ${translation.name} catalog)`);
    }
    const sizes = sumSizes(code.map(sizeOf));
    initialSizesPerRun.push(sizes);
    initialGzip.push(sizes.gzip);
    everythingGzip.push(sumSizes(run.fetched.map(sizeOf)).gzip);
  }
  const initialMedianGzip = median(initialGzip);
  const initialSizes: Sizes = {
    raw: median(initialSizesPerRun.map((sizes) => sizes.raw)),
    gzip: initialMedianGzip,
    brotli: median(initialSizesPerRun.map((sizes) => sizes.brotli)),
  };
  const staticSizes = sizesOfSet(graph, staticInitial);

  const timing = (latency: number, pick: (run: BootRun) => number): Spread => spread(byLatency.get(latency)!.boots.map(pick));
  const signInSpread = (latency: number, pick: (run: SignInRun) => number): Spread => spread(byLatency.get(latency)!.signIns.map(pick));
  const L = BUDGETS.latencyMs;
  const boot0 = timing(0, (run) => run.homeRendered).median;
  const bootL = timing(L, (run) => run.homeRendered).median;
  const delta = (pick: (run: BootRun) => number) => Math.max(0, timing(L, pick).median - timing(0, pick).median);
  const chainDelta = {
    appconfig: delta((run) => run.durations.appconfig),
    getAll: delta((run) => run.durations.getAll),
    session: delta((run) => run.durations.session),
  };
  const latencyFloor = boot0 + chainDelta.appconfig + chainDelta.getAll + chainDelta.session;
  const allSignIns = [...byLatency.values()].flatMap((result) => result.signIns);
  const reloads = allSignIns.filter((run) => run.appDocuments !== 1 || !run.sameDocument).length;
  const bootReloads = [...byLatency.values()].flatMap((result) => result.boots).filter((run) => run.documents !== 1).length;
  const maxCls = Math.max(...[...byLatency.values()].flatMap((result) => result.boots.map((run) => run.cls)));
  const appconfig0 = timing(0, (run) => run.appconfigStart);

  const figures: Figure[] = [
    {
      id: 'initial-gzip',
      label: 'JS+CSS before /app/home (signed in, gzip)',
      value: `${sizesText(initialSizes)}, median of ${runs} runs (${kb(Math.min(...initialGzip))}–${kb(Math.max(...initialGzip))} KB gzip); ${seen.size} files seen`,
      budget: `<= ${kb(BUDGETS.initialGzipBytes)} KB (ABP Angular: ~${kb(ABP_ANGULAR.initialGzipBytes)} KB)`,
      pass: initialMedianGzip <= BUDGETS.initialGzipBytes,
    },
    {
      id: 'initial-floor-ratio',
      label: 'JS+CSS before /app/home / library floor',
      value: `${(initialMedianGzip / floor.sizes.gzip).toFixed(3)} (${kb(initialMedianGzip)} / ${kb(floor.sizes.gzip)} KB gzip)`,
      budget: `<= ${BUDGETS.initialToFloor}`,
      pass: initialMedianGzip <= BUDGETS.initialToFloor * floor.sizes.gzip,
    },
    {
      id: 'static-initial-gzip',
      label: 'Same set from the built files (size test)',
      value: `${sizesText(staticSizes)}; ratio ${(staticSizes.gzip / floor.sizes.gzip).toFixed(3)}`,
      budget: `<= ${kb(BUDGETS.initialGzipBytes)} KB and <= ${BUDGETS.initialToFloor} x floor`,
      pass: staticSizes.gzip <= BUDGETS.initialGzipBytes && staticSizes.gzip <= BUDGETS.initialToFloor * floor.sizes.gzip,
    },
    {
      id: 'library-floor',
      label: 'Library floor (libraries alone, gzip)',
      value: sizesText(floor.sizes),
      budget: '',
    },
    {
      id: 'initial-excludes',
      label: 'Not before /app/home: oauth4webapi, sections, other-language catalogs',
      value: leaks.size === 0 ? 'none fetched' : [...leaks].join(', '),
      budget: 'none fetched',
      pass: leaks.size === 0,
    },
    {
      id: 'everything-before-home',
      label: 'Everything fetched before /app/home (gzip)',
      value: `${kb(median(everythingGzip))} KB (HTML, JS, CSS, appconfig; API answers not counted)`,
      budget: '',
    },
    {
      id: 'indicator-without-js',
      label: 'Busy indicator painted by index.html alone (JS off)',
      value: indicator.visible ? `"${BUSY_LABEL}" on screen${indicator.fcp === undefined ? '' : `, painted at ${ms(indicator.fcp)}`}` : 'not on screen',
      budget: 'painted without JS, Dutch label',
      pass: indicator.visible,
    },
  ];
  for (const latency of LATENCIES) {
    const suffix = `at ${latency} ms API latency`;
    figures.push(
      { id: `fcp-${latency}`, label: `Busy indicator painted (FCP) ${suffix}`, value: spreadText(timing(latency, (run) => run.fcp)), budget: '' },
      {
        id: `appconfig-${latency}`,
        label: `appconfig request ${suffix}`,
        value: spreadText(timing(latency, (run) => run.appconfigStart)),
        budget: latency === 0 ? `<= ${BUDGETS.appconfigStartMs} ms median (ABP Angular: ~${ABP_ANGULAR.appconfigStartMs} ms)` : '',
        ...(latency === 0 ? { pass: appconfig0.median <= BUDGETS.appconfigStartMs } : {}),
      },
      { id: `getall-${latency}`, label: `GetAll request ${suffix}`, value: spreadText(timing(latency, (run) => run.getAllStart)), budget: '' },
      { id: `session-${latency}`, label: `Session request ${suffix}`, value: spreadText(timing(latency, (run) => run.sessionStart)), budget: '' },
      { id: `home-${latency}`, label: `/app/home rendered (boot) ${suffix}`, value: spreadText(timing(latency, (run) => run.homeRendered)), budget: '' },
      { id: `signin-${latency}`, label: `Sign-in: callback to /app/home ${suffix}`, value: spreadText(signInSpread(latency, (run) => run.callbackToHome)), budget: '' },
    );
  }
  const bareSpread = spread(bare.map((run) => run.appconfigStart));
  figures.splice(figures.findIndex((figure) => figure.id === 'appconfig-0') + 1, 0, {
    id: 'appconfig-bare-page',
    label: 'Machine floor: bare index.html + 1-line script',
    value: `${spreadText(bareSpread)}; the app is ${ms(appconfig0.median - bareSpread.median)} later`,
    budget: '',
  });
  figures.push(
    {
      id: 'latency-floor',
      label: `Latency floor at ${L} ms`,
      value: `${ms(latencyFloor)} = ${ms(boot0)} + ${ms(chainDelta.appconfig)} + ${ms(chainDelta.getAll)} + ${ms(chainDelta.session)}`,
      budget: '',
    },
    {
      id: 'boot-floor-ratio',
      label: `Boot at ${L} ms / latency floor`,
      value: `${(bootL / latencyFloor).toFixed(3)} (${ms(bootL)} / ${ms(latencyFloor)})`,
      budget: `<= ${BUDGETS.bootToLatencyFloor}`,
      pass: bootL <= BUDGETS.bootToLatencyFloor * latencyFloor,
    },
    {
      id: 'cls',
      label: 'Layout shift up to /app/home (CLS, worst run)',
      value: maxCls.toFixed(4),
      budget: `${BUDGETS.cls} (no shift)`,
      pass: maxCls <= BUDGETS.cls,
    },
    {
      id: 'signin-one-navigation',
      label: 'Sign-in: no full page reload after the callback',
      value: `${allSignIns.length - reloads} of ${allSignIns.length} runs one navigation`,
      budget: 'every run',
      pass: reloads === 0,
    },
    {
      id: 'boot-one-navigation',
      label: 'Signed-in start: no reload on the way to /app/home',
      value: `${[...byLatency.values()].flatMap((result) => result.boots).length - bootReloads} of ${runs * LATENCIES.length} runs one document`,
      budget: 'every run',
      pass: bootReloads === 0,
    },
  );

  const timings: Record<string, Record<string, Spread>> = {};
  for (const latency of LATENCIES) {
    timings[`${latency} ms`] = {
      'first-contentful-paint': timing(latency, (run) => run.fcp),
      'appconfig start': timing(latency, (run) => run.appconfigStart),
      ...(latency === 0 ? { 'appconfig start, bare page (machine floor)': bareSpread } : {}),
      'appconfig duration': timing(latency, (run) => run.durations.appconfig),
      'GetAll start': timing(latency, (run) => run.getAllStart),
      'GetAll duration': timing(latency, (run) => run.durations.getAll),
      'Session start': timing(latency, (run) => run.sessionStart),
      'Session duration': timing(latency, (run) => run.durations.session),
      '/app/home rendered': timing(latency, (run) => run.homeRendered),
      'sign-in, callback to /app/home': signInSpread(latency, (run) => run.callbackToHome),
      'sign-in, form submit to /app/home': signInSpread(latency, (run) => run.submitToHome),
    };
  }

  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    command: `npm run bench${runs === 10 ? '' : ` -- --runs ${runs}`}`,
    revision: describeRevision(),
    machine: describeMachine(chromium, load),
    runs,
    figures,
    initialFiles: [...seen.entries()]
      .map(([file, count]) => ({ file, sizes: sizesByPath.get(file)!, seenInRuns: count }))
      .sort((a, b) => b.sizes.gzip - a.sizes.gzip),
    staticInitialFiles: [...staticInitial].map((file) => ({ file, sizes: graph.files.get(file)!.sizes })).sort((a, b) => b.sizes.gzip - a.sizes.gzip),
    chunks,
    floor: { imports: floor.imports, sizes: floor.sizes },
    latencyFloor: { latencyMs: L, boot0, chainDelta, floor: latencyFloor, boot: bootL },
    timings,
  };

  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, 'performance.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(outDir, 'performance.md'), markdown(report));
  console.log(`\n${consoleTable(report)}`);
  log(`\nWrote ${resolve(outDir, 'performance.md')} and performance.json in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (check && figures.some((figure) => figure.pass === false)) process.exitCode = 1;
}

await main();
