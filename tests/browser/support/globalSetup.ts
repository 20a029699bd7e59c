import { buildProduction } from './build.ts';

const BUILT = Symbol.for('isolatie.dist-built');

/**
 * The browser tests drive the production build, built once per run: the
 * Chromium and the engines projects each name this set-up, and the second
 * waits for the first's build.
 */
export default function setup(): Promise<void> {
  if (process.env.SKIP_BUILD === '1') return Promise.resolve();
  const shared = globalThis as { [BUILT]?: Promise<void> };
  shared[BUILT] ??= buildProduction();
  return shared[BUILT];
}
