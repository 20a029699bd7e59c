import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../scripts/bench/measure/build.ts';
import { chunksNamed, initialSet, readDist, sizesOfSet, type DistGraph } from '../../../scripts/bench/measure/dist.ts';
import { SECTIONS } from '../../../src/sections/sections.lazy.ts';
import { LONGEST_TEST_MS } from '../../support/limits.ts';

/**
 * "The initial set stays the same size with 10 or 100 sections." A section
 * is one entry in src/sections/sections.lazy.ts plus its screen file, and
 * nothing of it may reach what a signed-in start loads before /app/home
 * (the route, the menu and the access check read the list only later). A
 * size budget would notice a growing start only once many sections had been
 * added, so this builds the real app once more, from a copy of its sources
 * with sections added up to 100, and compares its initial set with that of
 * dist/ (the browser project's global setup builds it). The files must be
 * the same bytes but for the 8-character hashes in file names, which differ
 * because the lazy chunks they name differ (and "Over de applicatie" carries
 * the build's time). Same bytes means the same raw size and, hashes aside,
 * the same compressed size; the compressed sizes as built are only reported,
 * since other hashes compress a little better or worse (seen: 26 B apart).
 */

const TOTAL = 100;
/** The list's closing line in src/sections/sections.lazy.ts, where the generated entries go. */
const LIST_END = '] as const satisfies readonly Section[];';
/**
 * What the build reads besides node_modules: vite.config.ts and
 * lingui.config.ts read scripts/, and under vitest vite.config.ts also reads
 * the test limits.
 */
const SOURCES = [
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'lingui.config.ts',
  'src',
  'machines',
  'scripts',
  'public',
  'sw',
  'tests/support/limits.ts',
];

/** A rolldown file-name hash: `app-DdTF4jGI.js`, `./home.lazy-Cl9J13iK.js`. */
const HASH = /-[A-Za-z0-9_-]{8}(?=\.(?:js|css)\b)/g;
const unhashed = (text: string) => text.replace(HASH, '-########');

/** A copy of the app's sources with sections added, each a list entry and a screen shaped like the app's own. */
function copyWithSections(total: number): { root: string; keys: string[] } {
  const root = mkdtempSync(join(realpathSync(tmpdir()), 'sections-'));
  for (const path of SOURCES) cpSync(resolve(path), join(root, path), { recursive: true });
  symlinkSync(realpathSync('node_modules'), join(root, 'node_modules'), 'dir');
  const listPath = join(root, 'src/sections/sections.lazy.ts');
  const list = readFileSync(listPath, 'utf8');
  if (!list.includes(LIST_END))
    throw new Error(`src/sections/sections.lazy.ts no longer ends its list with "${LIST_END}": update this test's generator.`);
  const screen = readFileSync(join(root, `src/sections/${SECTIONS[0].key}.lazy.tsx`), 'utf8');
  const added = Array.from({ length: total - SECTIONS.length }, (_, index) => `onderdeel${String(index + 1).padStart(3, '0')}`);
  const entries = added.map(
    (key, index) =>
      `  { key: '${key}', label: /*i18n*/ { id: 'section.${key}', message: 'Onderdeel ${index + 1}' }, summary: /*i18n*/ { id: 'section.${key}.summary', message: 'Wat er in onderdeel ${index + 1} gebeurt.' }, icon: 'M4 4h16v16H4z', permission: 'Pages.${key}', screen: () => import('./${key}.lazy.tsx') },\n`,
  );
  writeFileSync(listPath, list.replace(LIST_END, `${entries.join('')}${LIST_END}`));
  for (const key of added) writeFileSync(join(root, `src/sections/${key}.lazy.tsx`), screen);
  return { root, keys: [...SECTIONS.map((section) => section.key), ...added] };
}

/** The initial set's files by their name without the hash. */
function filesOf(graph: DistGraph): Map<string, { path: string; raw: number; text: string }> {
  return new Map(
    [...initialSet(graph)].map((path) => {
      const file = graph.files.get(path)!;
      return [unhashed(path), { path, raw: file.sizes.raw, text: unhashed(file.text) }];
    }),
  );
}

describe(`the initial set with ${TOTAL} sections`, () => {
  let copy: { root: string; keys: string[] };
  let normal: DistGraph;
  let many: DistGraph;

  beforeAll(async () => {
    normal = readDist(resolve('dist'));
    copy = copyWithSections(TOTAL);
    await buildApp('dist', copy.root);
    many = readDist(join(copy.root, 'dist'));
  }, LONGEST_TEST_MS);

  afterAll(() => {
    if (copy) rmSync(copy.root, { recursive: true, force: true });
  });

  it(`builds ${TOTAL} sections, each its own chunk that the list loads`, () => {
    expect(copy.keys).toHaveLength(TOTAL);
    const chunks = copy.keys.map((key) => chunksNamed(many, `${key}.lazy`));
    expect(chunks.filter((found) => found.length !== 1).length, 'sections without exactly one chunk').toBe(0);
    const loaded = new Set([...many.files.values()].flatMap((file) => file.dynamicImports));
    expect(chunks.filter(([chunk]) => loaded.has(chunk!.path))).toHaveLength(TOTAL);
  });

  it(`sends the same bytes before /app/home as with the app's ${SECTIONS.length}`, () => {
    const before = filesOf(normal);
    const after = filesOf(many);
    expect([...after.keys()].sort(), 'the same files (dist/ may be older than the sources: build it again)').toEqual(
      [...before.keys()].sort(),
    );
    for (const [name, file] of after) {
      expect({ name, raw: file.raw }, `${file.path} differs from dist/${before.get(name)!.path}`).toEqual({
        name,
        raw: before.get(name)!.raw,
      });
      expect(
        file.text === before.get(name)!.text,
        `${file.path}: other bytes than dist/${before.get(name)!.path}, not only file-name hashes`,
      ).toBe(true);
    }
    const gzip = { normal: sizesOfSet(normal, initialSet(normal)).gzip, many: sizesOfSet(many, initialSet(many)).gzip };
    console.log(
      `sections: the initial set in gzip, with its hashes: ${gzip.normal} B with ${SECTIONS.length} sections, ${gzip.many} B with ${TOTAL}`,
    );
  });
});
