import { build } from 'vite';

const BUILT = Symbol.for('isolatie.dist-built');

/**
 * The browser tests drive the production build, built once per run: the
 * Chromium and the engines projects each name this set-up, and the second
 * waits for the first's build.
 */
export default function setup(): Promise<void> {
  if (process.env.SKIP_BUILD === '1') return Promise.resolve();
  const shared = globalThis as { [BUILT]?: Promise<void> };
  shared[BUILT] ??= buildDist();
  return shared[BUILT];
}

async function buildDist(): Promise<void> {
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', configFile: 'vite.config.ts', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
