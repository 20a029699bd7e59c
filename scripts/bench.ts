/**
 * npm run bench [-- --runs N] [--lighthouse-runs N] [--check] [--root DIR --out DIR]
 *
 * Builds the app for production, serves it like production with the local
 * stack, and measures in headless Chromium what a signed-in start and a
 * sign-in cost, each timing against a floor measured in the same run, and
 * runs Lighthouse (mobile and desktop) on the sign-in page and /app/home. Prints
 * every figure against its budget and writes docs/performance.md and
 * docs/performance.json. The sizes are printed too, read from the built files;
 * their budgets belong to tests/browser/budgets/size.e2e.ts. --check exits 1
 * on a missed budget. --root measures another checkout (a copy with a change
 * to try out); --out writes its results elsewhere than <root>/docs.
 */
import { resolve } from 'node:path';
import { figures } from './bench/figures/figures.ts';
import { measure } from './bench/measure/measure.ts';
import { write } from './bench/report/write.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

const root = resolve(option('--root') ?? resolve(import.meta.dirname, '..'));
const outDir = resolve(option('--out') ?? resolve(root, 'docs'));
const runs = Number(option('--runs') ?? 10);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number, got ${option('--runs')}`);

const lighthouseRuns = Number(option('--lighthouse-runs') ?? 5);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) throw new Error(`--lighthouse-runs must be a whole number, got ${option('--lighthouse-runs')}`);

const started = Date.now();
const measurements = await measure({ root, runs, lighthouseRuns, log });
const met = write(figures(measurements), outDir, log);
log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
if (process.argv.includes('--check') && !met) process.exitCode = 1;
