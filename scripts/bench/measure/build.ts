import { resolve } from 'node:path';
import { build } from 'vite';
import { withProductionEnv } from './production.ts';

/**
 * Builds the app for production, as `vite build` does, into its own folder so it
 * never races a build of dist/. Runs in the app's folder: vite-plugin-pwa looks
 * for the built files relative to the working directory.
 */
export async function buildApp(outDir: string, root = process.cwd()): Promise<void> {
  const previous = process.cwd();
  process.chdir(resolve(root));
  try {
    await withProductionEnv(() =>
      build({
        root: resolve(root),
        configFile: resolve(root, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'warn',
        build: { outDir: resolve(root, outDir), emptyOutDir: true },
      }),
    );
  } finally {
    process.chdir(previous);
  }
}
