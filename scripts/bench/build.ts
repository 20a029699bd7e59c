import { resolve } from 'node:path';
import { build } from 'vite';
import { withProductionEnv } from './production.ts';

/** Builds the app for production, as `vite build` does, into its own folder so it never races a build of dist/. */
export async function buildApp(outDir: string, root = process.cwd()): Promise<void> {
  await withProductionEnv(() =>
    build({
      root: resolve(root),
      configFile: resolve(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: resolve(root, outDir), emptyOutDir: true },
    }),
  );
}
