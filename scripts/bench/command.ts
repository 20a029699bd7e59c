import { resolve } from 'node:path';

// What `npm run bench` and `npm run lighthouse` read from their command line
// alike: the checkout to measure, where the results go, and run counts.

export function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** A run count from `name`, or `fallback` when it is not given. */
export function runCount(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number, got ${option(name)}`);
  return value;
}

/** --root: the checkout to build and measure (default this one); --out: where performance.md and .json go (default <root>/docs). */
export function places(): { root: string; outDir: string } {
  const root = resolve(option('--root') ?? resolve(import.meta.dirname, '../..'));
  return { root, outDir: resolve(option('--out') ?? resolve(root, 'docs')) };
}

/** Lighthouse's runs per page and preset, the same in both commands so their figures compare. */
export const LIGHTHOUSE_RUNS = 5;
