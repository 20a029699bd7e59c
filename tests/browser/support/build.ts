import { build } from 'vite';

/** The production build of the app into `outDir` (dist/ unless told), as the browser tests and a "new deploy" use it. */
export async function buildProduction(outDir = 'dist'): Promise<void> {
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', configFile: 'vite.config.ts', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
