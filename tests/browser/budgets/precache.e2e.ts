import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kb } from '../../../scripts/bench/measure/compress.ts';
import { BUDGETS } from '../../../scripts/bench/budgets.ts';
import {
  BUSINESS_SECTIONS,
  HOME_CHUNK,
  catalogFiles,
  catalogMarkers,
  chunkNamed,
  chunksNamed,
  filesWithCatalog,
  initialSet,
  precacheManifest,
  precacheSize,
  readDist,
  type DistGraph,
} from '../../../scripts/bench/measure/dist.ts';
import { SOURCE_LOCALE } from '../../../src/i18n/locales.ts';

/**
 * What the service worker downloads at its install, on every phone, read
 * from the built worker's manifest (dist/sw.js, vite.config.ts and
 * scripts/build/precache.ts): what a staff member needs offline, and not
 * Beheer's screens, the host's (Omgevingen), Mijn account's (which needs the
 * provider) or another language's catalogs,
 * which the worker keeps at their first use. One file that fails fails the
 * whole install, so the count is bounded as well as the bytes.
 */

/** Beheer's, the host's and Mijn account's screens: kept at first use, with what only they import (ON_DEMAND_SCREENS in scripts/build/precache.ts). */
const ON_DEMAND_CHUNKS = ['users.lazy', 'roles.lazy', 'environments.lazy', 'beheer.lazy', 'account.lazy'];

const DIST = resolve('dist');

let graph: DistGraph;
let precached: string[];

describe('the service worker’s precache', () => {
  beforeAll(() => {
    graph = readDist(DIST);
    precached = precacheManifest(DIST);
  });

  it(`holds at most ${BUDGETS.precacheFiles} files and ${kb(BUDGETS.precacheRawBytes)} KB`, () => {
    const { files, bytes } = precacheSize(DIST);
    console.log(`precache: ${files} files, ${kb(bytes)} KB (budget ${BUDGETS.precacheFiles} files, ${kb(BUDGETS.precacheRawBytes)} KB)`);
    expect(files).toBeGreaterThan(0);
    expect(files).toBeLessThanOrEqual(BUDGETS.precacheFiles);
    expect(bytes).toBeLessThanOrEqual(BUDGETS.precacheRawBytes);
  });

  it('holds the shell, the start, Home and the business sections’ screens', () => {
    const needed = new Set(['index.html', ...initialSet(graph), chunkNamed(graph, HOME_CHUNK).path]);
    for (const key of BUSINESS_SECTIONS.filter((key) => key !== 'beheer')) needed.add(chunkNamed(graph, `${key}.lazy`).path);
    expect(
      [...needed].filter((path) => !precached.includes(path)),
      'needed offline, not precached',
    ).toEqual([]);
  });

  it('holds the Dutch catalogs and no other language’s', () => {
    const catalogs = chunksNamed(graph, 'pages').map((file) => file.path);
    const others = catalogFiles(resolve('src/locales')).filter((catalog) => catalog.locale !== SOURCE_LOCALE);
    expect(others.length, 'catalogs of other languages').toBeGreaterThan(0);
    const otherFiles = new Set(
      others.flatMap((catalog) => filesWithCatalog(graph, graph.files.keys(), catalogMarkers(readFileSync(catalog.path, 'utf8')))),
    );
    expect(otherFiles.size, 'files holding another language').toBeGreaterThan(0);
    expect(
      [...otherFiles].filter((path) => precached.includes(path)),
      'another language precached',
    ).toEqual([]);
    const dutch = catalogs.filter((path) => !otherFiles.has(path));
    expect(dutch, 'the Dutch pages catalog').toHaveLength(1);
    expect(precached).toContain(dutch[0]);
  });

  it('leaves Beheer’s, the host’s and Mijn account’s screens to their first use', () => {
    const screens = ON_DEMAND_CHUNKS.map((name) => chunkNamed(graph, name).path);
    expect(screens.filter((path) => precached.includes(path))).toEqual([]);
  });
});
