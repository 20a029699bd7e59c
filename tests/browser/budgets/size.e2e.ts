import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, BUSY_LABEL, INDEX_HTML_GZIP_BYTES } from '../../../scripts/bench/budgets.ts';
import { kb, sizesOf } from '../../../scripts/bench/measure/compress.ts';
import {
  BUSINESS_SECTIONS,
  HOME_CHUNK,
  OAUTH4WEBAPI_MARKER,
  catalogMarkers,
  chunkNamed,
  chunksNamed,
  filesContaining,
  filesWithCatalog,
  initialSet,
  readDist,
  sizesOfSet,
  staticClosure,
  type DistGraph,
} from '../../../scripts/bench/measure/dist.ts';
import { buildFloor, type Floor } from '../../../scripts/bench/measure/floor.ts';
import { LONG_TEST_MS } from '../../support/limits.ts';

/**
 * The size budgets, from the built files only (no browser, no timing), so the
 * answer is the same on every machine. The initial set is what a signed-in start
 * needs before /app/home is on screen: index.html's module script, modulepreload
 * links and stylesheets, their static imports, and the /app/home route chunk
 * with its imports. The floor is rebuilt here from the app's current imports
 * (scripts/bench/measure/floor.ts), so it follows the code; `npm run bench` reports the
 * same figures with timings.
 */

const DIST = resolve('dist');

let graph: DistGraph;
let initial: Set<string>;
let floor: Floor;

function listing(paths: Iterable<string>): string {
  return [...paths].map((path) => `${path} ${kb(graph.files.get(path)!.sizes.gzip)} KB`).join(', ');
}

describe('size budgets of the production build', () => {
  beforeAll(async () => {
    graph = readDist(DIST);
    initial = initialSet(graph);
    floor = await buildFloor();
  }, LONG_TEST_MS);

  it(`sends at most ${kb(BUDGETS.initialGzipBytes)} KB gzip of JS+CSS before /app/home`, () => {
    const gzip = sizesOfSet(graph, initial).gzip;
    expect(gzip, `initial set ${kb(gzip)} KB gzip: ${listing(initial)}`).toBeLessThanOrEqual(BUDGETS.initialGzipBytes);
  });

  it(`stays within ${BUDGETS.initialToFloor} x the libraries' own size (the floor)`, () => {
    const gzip = sizesOfSet(graph, initial).gzip;
    const ratio = gzip / floor.sizes.gzip;
    expect(
      ratio,
      `initial ${kb(gzip)} KB / floor ${kb(floor.sizes.gzip)} KB gzip = ${ratio.toFixed(3)}; floor imports: ${floor.imports.join('; ')}`,
    ).toBeLessThanOrEqual(BUDGETS.initialToFloor);
  });

  // index.html is fetched before any of them: its inline style and script (the early config and GetAll requests) are
  // code of the start too, held here rather than in the JS+CSS sets, which count files.
  it(`sends index.html, inline style and script included, in at most ${kb(INDEX_HTML_GZIP_BYTES)} KB gzip`, () => {
    const gzip = sizesOf(Buffer.from(graph.html)).gzip;
    expect(gzip, `index.html ${kb(gzip)} KB gzip`).toBeLessThanOrEqual(INDEX_HTML_GZIP_BYTES);
  });

  // Without the links the app's scripts would leave only once the entry has run: one round trip more on a phone.
  it("links the app's scripts from index.html, so they load beside the entry", () => {
    const entry = graph.files.get(graph.entry)!;
    const entryParts = staticClosure(graph, [graph.entry]);
    // The start is the entry's import() of a file that is not *.lazy.* (the popup's notice, lib/popupChannel.lazy.ts, is one that is).
    const starts = [...entryParts]
      .flatMap((path) => graph.files.get(path)!.dynamicImports)
      .filter((path) => !/\.lazy-[^/]+\.js$/.test(path));
    expect(starts, `${entry.path} imports the start`).not.toEqual([]);
    const appScripts = [...staticClosure(graph, starts)].filter((path) => !entryParts.has(path));
    expect(
      appScripts.filter((path) => !graph.htmlAssets.includes(path)),
      'app scripts index.html does not link',
    ).toEqual([]);
  });

  it('leaves the sign-in library (oauth4webapi) out of the initial set', () => {
    expect(filesContaining(graph, graph.files.keys(), OAUTH4WEBAPI_MARKER), 'oauth4webapi is in the build').not.toEqual([]);
    expect(filesContaining(graph, initial, OAUTH4WEBAPI_MARKER)).toEqual([]);
  });

  it('leaves every business section out of the initial set', () => {
    for (const section of BUSINESS_SECTIONS) {
      const chunk = chunkNamed(graph, `${section}.lazy`);
      expect([section, initial.has(chunk.path)]).toEqual([section, false]);
    }
  });

  it.each(['messages', 'pages'])('leaves the English %s catalog out of the initial set', (catalog) => {
    const markers = catalogMarkers(readFileSync(resolve(`src/locales/en/${catalog}.po`), 'utf8'));
    // Enough distinct English texts to tell the catalog by (a file holds it when it has half of them): the start's
    // catalog is a handful of texts by design, three of them long enough to be told apart from any other text.
    expect(markers.length).toBeGreaterThanOrEqual(3);
    const english = filesWithCatalog(graph, graph.files.keys(), markers);
    expect(english.length, 'the English catalog is in the build').toBeGreaterThan(0);
    expect(english.every((path) => chunksNamed(graph, catalog).some((chunk) => chunk.path === path))).toBe(true);
    expect(filesWithCatalog(graph, initial, markers)).toEqual([]);
  });

  // Home is on screen in every signed-in start: were one of its texts only in the `pages` catalog (7–8 KB gzip), its
  // route would have to fetch that catalog before it and the start would carry it (tests/browser/platform/catalogs.e2e.ts
  // holds the catalog back and looks for Home).
  it("finds every text of Home in the start's own catalog, so Home needs no pages catalog", () => {
    const ids = [...chunkNamed(graph, HOME_CHUNK).text.matchAll(/\bid:\s*["'`]([\w+/]{6})["'`]/g)].map((match) => match[1]!);
    expect(ids.length, 'message ids in the Home chunk').toBeGreaterThanOrEqual(3);
    const start = [...initial].map((path) => graph.files.get(path)!.text).join('\n');
    expect(ids.filter((id) => !start.includes(`"${id}":[`))).toEqual([]);
    const pages = chunksNamed(graph, 'pages');
    expect(pages.length, 'the pages catalogs are in the build').toBeGreaterThan(0);
    expect(pages.filter((chunk) => initial.has(chunk.path)).map((chunk) => chunk.path)).toEqual([]);
  });

  it('ships no development inspector (@statelyai) in any file', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const offenders = walk(DIST).filter((path) => readFileSync(path).includes('statelyai'));
    expect(offenders.map((path) => relative(DIST, path))).toEqual([]);
  });

  it('paints the Dutch busy indicator from index.html itself, styled inline', () => {
    const root = /<div id="root"[^>]*>([\s\S]*?)<\/div>\s*<\/div>/.exec(graph.html)?.[1] ?? '';
    expect(root).toContain(`class="busy"`);
    expect(root).toContain(BUSY_LABEL);
    expect(graph.html).toMatch(/<style>[^<]*\.busy\{/);
    expect(graph.html).toMatch(/<html lang="nl">/);
  });
});
