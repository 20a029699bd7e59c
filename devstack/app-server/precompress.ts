/**
 * tsx devstack/app-server/precompress.ts [dir]
 *
 * Writes <file>.gz (gzip level 9) and <file>.br (brotli quality 11) next to every
 * compressible file of the build (default dist/), so nginx can send them as they
 * are (`gzip_static on;`, `brotli_static on;`) instead of compressing per request.
 * A compressed copy that is not smaller than the file is not written. Run it after
 * every build, before the files are deployed.
 */
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|map)$/i;

/** gzip as production serves it: level 9 (the bench measures sizes with the same settings). */
export function gzip(body: Uint8Array): Buffer {
  return gzipSync(body, { level: 9 });
}

/** brotli as production serves it: quality 11. */
export function brotli(body: Uint8Array): Buffer {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

export interface PrecompressResult {
  files: number;
  written: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

export interface PrecompressOptions {
  /** Leave a copy that is newer than its file as it is: for a build that was precompressed before. */
  onlyStale?: boolean;
}

function isFresh(target: string, source: string): boolean {
  const copy = statSync(target, { throwIfNoEntry: false });
  return copy !== undefined && copy.mtimeMs >= statSync(source).mtimeMs;
}

export function precompress(dir: string, options: PrecompressOptions = {}): PrecompressResult {
  const root = resolve(dir);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${root} is not a folder: build first (npm run build).`);
  const written: string[] = [];
  let files = 0;
  for (const path of walk(root)) {
    if (!COMPRESSIBLE.test(path)) continue;
    files += 1;
    const copies = [
      ['.gz', gzip],
      ['.br', brotli],
    ] as const;
    const stale = copies.filter(([suffix]) => !options.onlyStale || !isFresh(`${path}${suffix}`, path));
    if (stale.length === 0) continue;
    const body = readFileSync(path);
    for (const [suffix, compress] of stale) {
      const target = `${path}${suffix}`;
      const compressed = compress(body);
      if (compressed.byteLength < body.byteLength) {
        writeFileSync(target, compressed);
        written.push(target);
      } else if (statSync(target, { throwIfNoEntry: false })) {
        unlinkSync(target);
      }
    }
  }
  return { files, written };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist';
  const { files, written } = precompress(dir);
  console.log(`Precompressed ${files} files in ${resolve(dir)}: ${written.length} .gz/.br copies written.`);
}
