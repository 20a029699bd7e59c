import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { sizesOf, sumSizes, type Sizes } from './compress.ts';
import { collectLibraryImports, describeImports, floorEntrySource } from './imports.ts';
import { withProductionEnv } from './production.ts';

const ENTRY_ID = 'virtual:size-floor';
const RESOLVED_ENTRY_ID = '\0virtual:size-floor';

export interface Floor {
  /** The libraries and the bindings taken from each, as the app imports them. */
  imports: string[];
  /** All JS the floor build emits (one chunk, in practice). */
  sizes: Sizes;
  files: { name: string; sizes: Sizes }[];
}

function entryPlugin(source: string): Plugin {
  return {
    name: 'size-floor-entry',
    resolveId: (id) => (id === ENTRY_ID ? RESOLVED_ENTRY_ID : undefined),
    load: (id) => (id === RESOLVED_ENTRY_ID ? source : undefined),
  };
}

/**
 * The size floor: the libraries the app must use, bundled alone with exactly the
 * imports src/ and machines/ make, minified, as an app (not a library) build with
 * the app's target. No modulepreload polyfill: only library code counts.
 */
export async function buildFloor(root = process.cwd()): Promise<Floor> {
  const imports = collectLibraryImports([join(root, 'src'), join(root, 'machines')]);
  const outDir = mkdtempSync(join(tmpdir(), 'size-floor-'));
  try {
    await withProductionEnv(() =>
      build({
        root: resolve(root),
        configFile: false,
        envDir: false,
        publicDir: false,
        logLevel: 'warn',
        mode: 'production',
        plugins: [entryPlugin(floorEntrySource(imports))],
        build: {
          outDir,
          emptyOutDir: true,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          modulePreload: false,
          copyPublicDir: false,
          reportCompressedSize: false,
          rolldownOptions: {
            input: ENTRY_ID,
            // "use client" directives mean nothing in a client bundle.
            onwarn: (warning, warn) => {
              if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
            },
          },
        },
      }),
    );
    const files = listFiles(outDir)
      .filter((name) => /\.(js|css)$/.test(name))
      .map((name) => ({ name, sizes: sizesOf(readFileSync(join(outDir, name))) }));
    return { imports: describeImports(imports), sizes: sumSizes(files.map((file) => file.sizes)), files };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}
