import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { SECTIONS } from '../../../src/sections/sections.lazy.ts';
import { sizesOf, sumSizes, type Sizes } from './compress.ts';
import { staticClosure as closure } from '../../modules.ts';

/**
 * The production build read as files: what index.html loads, and the import
 * graph of the chunks (static `from"./x.js"` / `import"./x.js"` and dynamic
 * `import("./x.js")`). No browser, no timing: the same build gives the same answer.
 */

/** A file of the build, by its path under dist/ ("assets/index-AbCd1234.js"). */
export interface DistFile {
  path: string;
  text: string;
  sizes: Sizes;
  staticImports: string[];
  dynamicImports: string[];
}

export interface DistGraph {
  dir: string;
  html: string;
  /** The entry chunk: index.html's module script. */
  entry: string;
  /** Everything index.html itself loads: the entry, its modulepreload links and stylesheets. */
  htmlAssets: string[];
  files: Map<string, DistFile>;
}

/** The business sections (src/sections/sections.lazy.ts); each is its own lazy chunk, named after its file. */
export const BUSINESS_SECTIONS: readonly string[] = SECTIONS.map((section) => section.key);

/** The route chunk /app/home needs after start-up (src/app/home.lazy.tsx). */
export const HOME_CHUNK = 'home.lazy';
/** The chunk of the login callback screen (src/account/logincallback.lazy.tsx). */
export const CALLBACK_CHUNK = 'logincallback.lazy';
/** Locale catalog chunks are named after their file: src/locales/<locale>/<catalog>.po gives <catalog>-<hash>.js. */
export interface CatalogFile {
  locale: string;
  /** The catalog's name: "messages", "pages". */
  name: string;
  path: string;
}

/** Every catalog of every locale under src/locales/. */
export function catalogFiles(localesDir: string): CatalogFile[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((locale) =>
      readdirSync(join(localesDir, locale.name))
        .filter((file) => file.endsWith('.po'))
        .map((file) => ({ locale: locale.name, name: file.replace(/\.po$/, ''), path: join(localesDir, locale.name, file) })),
    );
}
/** oauth4webapi's user agent, `oauth4webapi/v<version>`: in no other library and not in the app. */
export const OAUTH4WEBAPI_MARKER = 'oauth4webapi/v';

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`](\.\/[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** "/assets/x.js" or "./assets/x.js" in index.html → "assets/x.js". */
function fromHtml(href: string): string {
  return href.replace(/^\.?\//, '');
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, posix.join(prefix, entry.name)) : [posix.join(prefix, entry.name)],
  );
}

export function readDist(dir: string): DistGraph {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: build first (npx vite build).`);
  const html = readFileSync(indexPath, 'utf8');
  const files = new Map<string, DistFile>();
  for (const path of listFiles(dir)) {
    if (!/\.(js|css)$/.test(path)) continue;
    const body = readFileSync(join(dir, path));
    const text = body.toString('utf8');
    const resolveImport = (specifier: string) => posix.join(posix.dirname(path), specifier);
    files.set(path, {
      path,
      text,
      sizes: sizesOf(body),
      staticImports: path.endsWith('.js') ? [...text.matchAll(STATIC_IMPORT)].map((match) => resolveImport(match[1]!)) : [],
      dynamicImports: path.endsWith('.js') ? [...text.matchAll(DYNAMIC_IMPORT)].map((match) => resolveImport(match[1]!)) : [],
    });
  }

  let entry: string | undefined;
  const htmlAssets: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      const src = attribute(tag, 'src');
      if (src && attribute(tag, 'type') === 'module') {
        entry ??= fromHtml(src);
        htmlAssets.push(fromHtml(src));
      }
      continue;
    }
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) htmlAssets.push(fromHtml(href));
  }
  if (!entry) throw new Error(`${indexPath} has no <script type="module" src>.`);
  return { dir, html, entry, htmlAssets: [...new Set(htmlAssets)], files };
}

/** A chunk by its name before the hash: "home.lazy" finds "assets/home.lazy-AbCd1234.js". */
export function chunksNamed(graph: DistGraph, name: string): DistFile[] {
  const pattern = new RegExp(`(^|/)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[A-Za-z0-9_-]{8}\\.js$`);
  return [...graph.files.values()].filter((file) => pattern.test(file.path));
}

export function chunkNamed(graph: DistGraph, name: string): DistFile {
  const found = chunksNamed(graph, name);
  if (found.length !== 1) throw new Error(`Expected one chunk named ${name}-<hash>.js in ${graph.dir}, found ${found.length}.`);
  return found[0]!;
}

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(graph: DistGraph, roots: string[]): Set<string> {
  return closure(roots, (path) => {
    const file = graph.files.get(path);
    if (!file) throw new Error(`${path} is imported but not in ${graph.dir}.`);
    return file.staticImports;
  });
}

/** CSS a dynamic import pulls in through Vite's preload helper (`__vite__mapDeps([...])` next to it). */
export function cssForDynamicImport(graph: DistGraph, importer: DistFile, target: string): string[] {
  const deps = /__vite__mapDeps=\([^)]*?m\.f=\[([^\]]*)\]/.exec(importer.text)?.[1];
  if (!deps) return [];
  const list = [...deps.matchAll(/["'`]([^"'`]+)["'`]/g)].map((match) => match[1]!);
  const name = posix.basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The deps call must belong to this import, not to the next import() after it.
  const call = new RegExp(
    `import\\(\\s*["'\`]\\./${name}["'\`]\\s*\\)(?:(?!import\\()[^;]){0,200}?__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\)`,
  ).exec(importer.text);
  if (!call) return [];
  return call[1]!
    .split(',')
    .map((index) => list[Number(index)])
    .filter((path): path is string => path !== undefined && path.endsWith('.css') && graph.files.has(path));
}

/** What a signed-in start needs before /app/home is on screen: index.html's assets, their static imports, and the /app/home route chunk with its imports and CSS. */
export function initialSet(graph: DistGraph): Set<string> {
  const set = staticClosure(graph, graph.htmlAssets);
  const home = chunkNamed(graph, HOME_CHUNK);
  for (const path of staticClosure(graph, [home.path])) set.add(path);
  for (const importer of graph.files.values()) {
    if (importer.dynamicImports.includes(home.path)) for (const css of cssForDynamicImport(graph, importer, home.path)) set.add(css);
  }
  return set;
}

export function sizesOfSet(graph: DistGraph, paths: Iterable<string>): Sizes {
  return sumSizes([...paths].map((path) => graph.files.get(path)!.sizes));
}

/** The files of the set that contain the text. */
export function filesContaining(graph: DistGraph, paths: Iterable<string>, text: string): string[] {
  return [...paths].filter((path) => graph.files.get(path)!.text.includes(text));
}

/**
 * Translations from a catalog (.po) that differ from the source text and have no
 * placeholders: strings that appear in that locale's compiled catalog and nowhere else.
 */
export function catalogMarkers(poText: string, limit = 20): string[] {
  const markers: string[] = [];
  for (const entry of poText.split(/\r?\n\s*\r?\n/)) {
    const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(entry)?.[1];
    if (!id || !str || id === str || /[{}<>\\]/.test(str) || str.length < 12) continue;
    markers.push(str);
    if (markers.length === limit) break;
  }
  return markers;
}

/** Files of the set holding a catalog: at least half of its marker strings. */
export function filesWithCatalog(graph: DistGraph, paths: Iterable<string>, markers: string[]): string[] {
  if (markers.length === 0) return [];
  return [...paths].filter((path) => {
    const text = graph.files.get(path)!.text;
    return markers.filter((marker) => text.includes(marker)).length * 2 >= markers.length;
  });
}

/** The files the built service worker's manifest names (injectManifest writes it into dist/sw.js as JSON objects). */
export function precacheManifest(dir: string): string[] {
  const worker = readFileSync(resolve(dir, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{"revision":(?:"[0-9a-f]+"|null),"url":"([^"]+)"\}/g)].map((match) => match[1]!);
}

/** What the service worker downloads at its install: its manifest's files and their raw bytes. */
export function precacheSize(dir: string): { files: number; bytes: number } {
  const files = precacheManifest(dir);
  return { files: files.length, bytes: files.reduce((sum, path) => sum + readFileSync(resolve(dir, path)).length, 0) };
}
