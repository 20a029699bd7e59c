/**
 * npm run bench [-- --runs N] [--lighthouse-runs N] [--check] [--root DIR --out DIR] [--only search]
 *
 * Builds the app for production, serves it like production with the local
 * stack, and measures in headless Chromium what a signed-in start and a
 * sign-in cost, each timing against a floor measured in the same run
 * (bench/measure/), then runs Lighthouse (mobile and desktop) on the sign-in
 * page and /app/home (bench/lighthouse/, also `npm run lighthouse` alone).
 * Makes the figures against their budgets (bench/figures/), prints them and
 * writes docs/performance.md and docs/performance.json (bench/report/). The
 * sizes are printed too, read from the built files; their budgets belong to
 * tests/browser/budgets/size.e2e.ts. --check exits 1 on a missed budget.
 * --root measures another checkout (a copy with a change to try out); --out
 * writes its results elsewhere than <root>/docs. --only search measures only
 * Gebruikers among 5,000 staff (bench/measure/search.ts) and puts its lines
 * into the report already there, the others as they were.
 */
import { LIGHTHOUSE_RUNS, log, option, places, runCount } from './bench/command.ts';
import { figures, searchFigures } from './bench/figures/figures.ts';
import { measureLighthouse } from './bench/lighthouse/measure.ts';
import { describeRevision } from './bench/measure/machine.ts';
import { benchPaths, measure, measureSearchOnly } from './bench/measure/measure.ts';
import { write, writeMerged } from './bench/report/write.ts';

const { root, outDir } = places();
const runs = runCount('--runs', 10);
const lighthouseRuns = runCount('--lighthouse-runs', LIGHTHOUSE_RUNS);

const started = Date.now();
const only = option('--only');
if (only !== undefined && only !== 'search') throw new Error(`--only knows one line, search; got ${only}`);
if (only === 'search') {
  const { search, load } = await measureSearchOnly({ root, runs, log });
  const met = writeMerged(searchFigures(search), { date: new Date().toISOString().slice(0, 10), revision: describeRevision(), runs, load }, outDir, log);
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (process.argv.includes('--check') && !met) process.exitCode = 1;
} else {
  const measurements = await measure({ root, runs, log });
  log('Lighthouse …');
  const { dist, lighthouseReports } = benchPaths(root);
  const lighthouse = await measureLighthouse({ dist, runs: lighthouseRuns, reportsDir: lighthouseReports, log });
  const met = write(figures(measurements, lighthouse), outDir, log);
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (process.argv.includes('--check') && !met) process.exitCode = 1;
}
