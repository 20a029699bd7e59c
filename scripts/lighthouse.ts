/**
 * npm run lighthouse [-- --runs N] [--no-build] [--check] [--root DIR --out DIR]
 *
 * Lighthouse on its own, as `npm run bench` runs it at its end: builds the app
 * for production into bench-dist/app (--no-build audits the build that is
 * there), serves it like production with the local stack, and audits the
 * sign-in page signed out and /app/home signed in, mobile and desktop, in
 * both API layouts, --runs times each (default 5, as the bench), and the floor
 * page (bench/measure/floorPage.ts) with the mobile preset beside every mobile run. Every run's report goes to
 * bench-dist/lighthouse/; the summary is printed. When <out>/performance.json
 * holds an earlier bench's report, its Lighthouse part and figures are
 * replaced and performance.md is written again; the other figures stay as that
 * bench measured them. --check exits 1 on a missed Lighthouse budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIGHTHOUSE_RUNS, log, places, runCount } from './bench/command.ts';
import type { Report } from './bench/figures/types.ts';
import { lighthouseFigures, withLighthouse } from './bench/lighthouse/figures.ts';
import { measureLighthouse } from './bench/lighthouse/measure.ts';
import { lighthouseSummary } from './bench/lighthouse/summary.ts';
import { buildAppAndFloorPage } from './bench/measure/floorPage.ts';
import { benchPaths } from './bench/measure/measure.ts';
import { write } from './bench/report/write.ts';

const { root, outDir } = places();
const runs = runCount('--runs', LIGHTHOUSE_RUNS);
const { dist, floorDist, lighthouseReports } = benchPaths(root);
await buildAppAndFloorPage({ dist, floorDist, root, log });
log('Running Lighthouse …');
const lighthouse = await measureLighthouse({ dist, floorDist, runs, reportsDir: lighthouseReports, log });
process.stdout.write(lighthouseSummary(lighthouse));

const reportFile = resolve(outDir, 'performance.json');
if (existsSync(reportFile)) {
  const previous = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  write(withLighthouse(previous, lighthouse), outDir, log);
} else {
  log(`\nNo ${reportFile} to add Lighthouse to: run npm run bench for the whole report.`);
}
const met = lighthouseFigures(lighthouse).every((figure) => figure.pass !== false);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
