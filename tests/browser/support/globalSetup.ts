import { build } from 'vite';

/** The browser tests drive the production build, built once per run. */
export default async function setup(): Promise<void> {
  if (process.env.SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', configFile: 'vite.config.ts', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
