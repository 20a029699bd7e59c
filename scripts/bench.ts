/**
 * npm run bench [-- --runs N] [--lighthouse-runs N] [--longtask-runs N] [--only longtasks|search] [--no-build] [--check] [--root DIR --out DIR]
 *
 * Builds the app for production, serves it like production with the local
 * stack, and measures in headless Chromium what a signed-in start and a
 * sign-in cost, each timing against a floor measured in the same run
 * (bench/measure/), then the start's main-thread tasks at the mobile CPU
 * slowdown beside the floor page's (bench/measure/longTasks.ts), then runs
 * Lighthouse (mobile and desktop) on the sign-in page and /app/home, the
 * floor page beside every mobile run (bench/lighthouse/, also
 * `npm run lighthouse` alone).
 * Makes the figures against their budgets (bench/figures/), prints them and
 * writes docs/performance.md and docs/performance.json (bench/report/). The
 * sizes are printed too, read from the built files; their budgets belong to
 * tests/browser/budgets/size.e2e.ts. --check exits 1 on a missed budget.
 * --only longtasks measures the long tasks alone (--no-build: on the build
 * that is there) and, when <out>/performance.json holds an earlier bench's
 * report, replaces their part of it.
 * --root measures another checkout (a copy with a change to try out); --out
 * writes its results elsewhere than <root>/docs. --only search measures only
 * Gebruikers among 5,000 staff (bench/measure/search.ts) and puts its lines
 * into the report already there, the others as they were.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIGHTHOUSE_RUNS, log, option, places, runCount } from './bench/command.ts';
import { figures, searchFigures } from './bench/figures/figures.ts';
import { longTaskFigures, withLongTasks } from './bench/figures/longTasks.ts';
import type { Report } from './bench/figures/types.ts';
import { withLighthouse } from './bench/lighthouse/figures.ts';
import { measureLighthouse } from './bench/lighthouse/measure.ts';
import { buildAppAndFloorPage, buildFloorPage } from './bench/measure/floorPage.ts';
import { longTaskSummary, measureLongTasks } from './bench/measure/longTasks.ts';
import { describeRevision } from './bench/measure/machine.ts';
import { benchPaths, measure, measureSearchOnly } from './bench/measure/measure.ts';
import { write, writeMerged } from './bench/report/write.ts';

const { root, outDir } = places();
const runs = runCount('--runs', 10);
const lighthouseRuns = runCount('--lighthouse-runs', LIGHTHOUSE_RUNS);
const longTaskRuns = runCount('--longtask-runs', 5);
const only = option('--only');
if (only !== undefined && only !== 'longtasks' && only !== 'search') throw new Error(`--only takes longtasks or search, got ${only}`);

const started = Date.now();
const { dist, floorDist, lighthouseReports } = benchPaths(root);

if (only === 'search') {
  const { search, load } = await measureSearchOnly({ root, runs, log });
  const met = writeMerged(
    searchFigures(search),
    { date: new Date().toISOString().slice(0, 10), revision: describeRevision(), runs, load },
    outDir,
    log,
  );
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (process.argv.includes('--check') && !met) process.exitCode = 1;
} else if (only === 'longtasks') {
  await buildAppAndFloorPage({ dist, floorDist, root, log });
  log('Long tasks at the mobile CPU slowdown …');
  const longTasks = await measureLongTasks({ dist, floorDist, runs: longTaskRuns, log });
  process.stdout.write(longTaskSummary(longTasks));
  const reportFile = resolve(outDir, 'performance.json');
  if (existsSync(reportFile)) {
    const previous = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    // The Lighthouse figures made again from that report's measurements, against today's budgets.
    write(withLongTasks(withLighthouse(previous, previous.lighthouse), longTasks), outDir, log);
  } else {
    log(`\nNo ${reportFile} to add the long tasks to: run npm run bench for the whole report.`);
  }
  if (process.argv.includes('--check') && longTaskFigures(longTasks).some((figure) => figure.pass === false)) process.exitCode = 1;
} else {
  const measurements = await measure({ root, runs, log });
  log('Building the floor page …');
  await buildFloorPage(floorDist, root);
  log('Long tasks at the mobile CPU slowdown …');
  const longTasks = await measureLongTasks({ dist, floorDist, runs: longTaskRuns, log });
  log('Lighthouse …');
  const lighthouse = await measureLighthouse({ dist, floorDist, runs: lighthouseRuns, reportsDir: lighthouseReports, log });
  const met = write(figures(measurements, longTasks, lighthouse), outDir, log);
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (process.argv.includes('--check') && !met) process.exitCode = 1;
}
