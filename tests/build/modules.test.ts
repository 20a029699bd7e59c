import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isConstantsOnly, isLazyFile, lazyFilesInStart, splitModules, withPackages } from '../../scripts/modules.ts';

/**
 * The rule of what loads later (scripts/modules.ts): `*.lazy.*` files and
 * what only they import stay out of the start. vite.config.ts and
 * lingui.config.ts are derived from it; this test names any file that breaks it.
 */

const ROOT = join(import.meta.dirname, '../..');

describe('what loads later, in this app', () => {
  const split = splitModules(ROOT);
  const names = (files: Iterable<string>) => [...files].map((file) => relative(ROOT, file)).sort();

  it('imports no *.lazy.* file statically from the start', () => {
    const broken = lazyFilesInStart(ROOT).map(({ file, importedBy }) => `${file} (imported by ${importedBy.join(', ')})`);
    expect(broken, 'load these through import() only, or rename them if they belong to the first screen').toEqual([]);
  });

  it('puts every *.lazy.* file in the later part', () => {
    expect(names(split.later).filter(isLazyFile).length).toBeGreaterThanOrEqual(10);
    expect(names([...split.entry, ...split.start]).filter(isLazyFile)).toEqual([]);
  });

  it('keeps the entry to itself: index.html sends the config request (src/config/early.ts), the entry imports the start', () => {
    expect(names(split.entry)).toEqual(['src/main.tsx']);
    expect(names(split.entry)).not.toContain('src/start.tsx');
    expect(names(split.start)).toContain('src/start.tsx');
  });

  it('keeps sign-in and the business sections out of the start, but for constants they share with it', () => {
    const start = names([...split.entry, ...split.start]);
    const code = names([...split.entry, ...split.start].filter((file) => !isConstantsOnly(file)));
    expect(code.filter((file) => /^src\/(auth|signin|session)\//.test(file))).toEqual([]);
    expect(start).not.toContain('src/sections/SectionPage.tsx');
    expect(start).not.toContain('machines/callback.machine.ts');
  });
});

describe('the rule itself', () => {
  const root = mkdtempSync(join(tmpdir(), 'modules-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('src/main.tsx', "import './config.ts';\nvoid import('./start.tsx');\n");
  write('src/config.ts', 'export const config = 1;\n');
  write(
    'src/start.tsx',
    "import { page } from './page.lazy.tsx';\nimport type { Later } from './later.ts';\nexport const start = [page, () => import('./other.lazy.tsx')];\nexport type { Later };\n",
  );
  write('src/page.lazy.tsx', 'export const page = 1;\n');
  write('src/other.lazy.tsx', "import { later } from './later.ts';\nexport const other = later();\n");
  write('src/later.ts', 'export const later = () => 1;\nexport type Later = number;\n');
  // Constants only, imported by later code alone: with the start all the same, never a chunk of its own.
  write('src/keys.ts', "/** A key => its value. */\nexport const KEY = 'key';\n");
  write('src/keyed.lazy.tsx', "import { KEY } from './keys.ts';\nexport const keyed = () => KEY;\n");
  mkdirSync(join(root, 'machines'));

  it('names a lazy file imported statically by the start, with its importer', () => {
    expect(lazyFilesInStart(root)).toEqual([{ file: 'src/page.lazy.tsx', importedBy: ['src/start.tsx'] }]);
  });

  it('follows import() and import type into the later part only', () => {
    const split = splitModules(root);
    expect([...split.entry].map((file) => relative(root, file)).sort()).toEqual(['src/config.ts', 'src/main.tsx']);
    expect([...split.later].map((file) => relative(root, file)).sort()).toEqual([
      'src/keyed.lazy.tsx',
      'src/later.ts',
      'src/other.lazy.tsx',
    ]);
  });

  it("takes the packages the start imports statically, with theirs, into the bundle's start; not what they import of the app", () => {
    const graph: Record<string, string[]> = {
      '/app/src/start.tsx': ['/app/node_modules/router/index.js', '/app/src/shell.tsx'],
      '/app/node_modules/router/index.js': ['/app/node_modules/history/index.js', '/app/src/later.ts'],
      '/app/node_modules/history/index.js': [],
      '/app/src/later.lazy.tsx': ['/app/node_modules/charts/index.js'],
    };
    expect([...withPackages(['/app/src/start.tsx'], (id) => graph[id] ?? [])].sort()).toEqual([
      '/app/node_modules/history/index.js',
      '/app/node_modules/router/index.js',
      '/app/src/start.tsx',
    ]);
  });

  it('puts a module of constants only with the start, wherever it is used, and nothing that declares a function', () => {
    const split = splitModules(root);
    expect([...split.start].map((file) => relative(root, file)).sort()).toEqual(['src/keys.ts', 'src/page.lazy.tsx', 'src/start.tsx']);
  });
});
