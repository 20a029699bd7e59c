import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Sizes } from './compress.ts';
import {
  BUSINESS_SECTIONS,
  CALLBACK_CHUNK,
  OAUTH4WEBAPI_MARKER,
  catalogFiles,
  catalogMarkers,
  chunkNamed,
  chunksNamed,
  filesContaining,
  initialSet,
  precacheSize,
  readDist,
  sizesOfSet,
  staticClosure,
  type DistGraph,
} from './dist.ts';
import { buildFloor, type Floor } from './floor.ts';

/**
 * The sizes of the build, read from the built files with the functions the
 * size test uses (tests/browser/budgets/size.e2e.ts owns their budgets). The
 * benchmark prints them next to its timings, and uses the catalogs' strings
 * to name what a start fetched.
 */

/** A translated catalog's own strings, to recognise its chunk; the source locale's catalogs have none. */
export interface ChunkRow {
  kind: string;
  file: string;
  sizes: Sizes;
  /** What a first visit adds to the initial set: the chunk and its imports not already loaded. */
  extraOnVisit: Sizes;
}

export interface Translation {
  locale: string;
  name: string;
  markers: string[];
}

export interface BuildSizes {
  /** The initial set from the built files, largest first. */
  staticInitialFiles: { file: string; sizes: Sizes }[];
  staticInitial: Sizes;
  chunks: ChunkRow[];
  /** What the service worker downloads at its install (tests/browser/budgets/precache.e2e.ts owns the budget). */
  precache: { files: number; bytes: number };
  floor: Floor;
  /** Catalogs of the other languages, which a start must not fetch. */
  foreign: Translation[];
}

export function holds(text: string, translation: Translation): boolean {
  const found = translation.markers.filter((marker) => text.includes(marker)).length;
  return translation.markers.length > 0 && found * 2 >= translation.markers.length;
}

/** Chunks that must stay out of the initial set, from the built files. */
function lazyChunks(
  graph: DistGraph,
  initial: Set<string>,
  translations: Translation[],
  catalogNames: string[],
  sourceLocale: string,
): ChunkRow[] {
  const extra = (path: string): Sizes =>
    sizesOfSet(
      graph,
      [...staticClosure(graph, [path])].filter((file) => !initial.has(file)),
    );
  const row = (kind: string, path: string): ChunkRow => ({
    kind,
    file: path,
    sizes: graph.files.get(path)!.sizes,
    extraOnVisit: extra(path),
  });
  const rows: ChunkRow[] = BUSINESS_SECTIONS.map((section) => row(`section ${section}`, chunkNamed(graph, `${section}.lazy`).path));
  for (const name of catalogNames) {
    for (const catalog of chunksNamed(graph, name)) {
      const locale =
        translations.find((translation) => translation.name === name && holds(catalog.text, translation))?.locale ?? sourceLocale;
      rows.push(row(`catalog ${name} (${locale})`, catalog.path));
    }
  }
  for (const path of filesContaining(graph, graph.files.keys(), OAUTH4WEBAPI_MARKER)) rows.push(row('sign-in: oauth4webapi', path));
  rows.push(row('sign-in: login callback', chunkNamed(graph, CALLBACK_CHUNK).path));
  return rows;
}

export async function readBuildSizes(dist: string, root: string): Promise<BuildSizes> {
  const graph = readDist(dist);
  const initial = initialSet(graph);
  const catalogs = catalogFiles(resolve(root, 'src/locales'));
  const translations: Translation[] = catalogs.map((catalog) => ({
    ...catalog,
    markers: catalogMarkers(readFileSync(catalog.path, 'utf8')),
  }));
  // The catalogs of lingui.config.ts's source locale may carry their own strings too (explicit ids); only the others are foreign.
  const sourceLocale =
    /\bsourceLocale:\s*['"]([^'"]+)['"]/.exec(readFileSync(resolve(root, 'lingui.config.ts'), 'utf8'))?.[1] ?? 'source locale';
  const foreign = translations.filter((translation) => translation.locale !== sourceLocale && translation.markers.length > 0);
  return {
    staticInitialFiles: [...initial]
      .map((file) => ({ file, sizes: graph.files.get(file)!.sizes }))
      .sort((a, b) => b.sizes.gzip - a.sizes.gzip),
    staticInitial: sizesOfSet(graph, initial),
    chunks: lazyChunks(graph, initial, foreign, [...new Set(catalogs.map((catalog) => catalog.name))], sourceLocale),
    precache: precacheSize(dist),
    floor: await buildFloor(root),
    foreign,
  };
}
