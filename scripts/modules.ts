import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * What the first screen needs and what loads later, decided by file names:
 * a module named `*.lazy.ts(x)` is loaded with `import()` (lint allows no
 * other target), and with it whatever only it imports. The start is what
 * src/start.tsx imports statically; the entry is what src/main.tsx imports
 * statically (nothing: index.html has sent the config request, and the
 * entry only imports the start).
 * Besides, a module of constants only goes with the start (isConstantsOnly),
 * and so do the packages the start imports statically (withPackages).
 * vite.config.ts (chunks), lingui.config.ts (catalogs), eslint.config.ts
 * (layers) and the build test all read this file, so no list of file or
 * package names is kept by hand; each walks its graph with staticClosure.
 */

/** src/'s folders from the bottom up: each imports only from those before it. */
export const SRC_LAYERS = [
  'lib',
  'endpoints',
  'abp',
  'management',
  'config',
  'i18n',
  'boot',
  'auth',
  'signin',
  'renewal',
  'connection',
  'errors',
  'ui',
  'session',
  'myaccount',
  'section',
  'edits',
  'beheer',
  'roles',
  'environments',
  'sections',
  'app',
  'account',
  'shell',
  'routes',
] as const;

const ROOT = resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx)$/;
/** Catalogs are imported like modules; they import nothing themselves. */
const IMPORTABLE = /\.(ts|tsx|po)$/;
/** Static imports and re-exports that bring values; `import type` brings none. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

export function isLazyFile(file: string): boolean {
  return /\.lazy\.tsx?$/.test(file);
}

/** The TypeScript files under a folder, declaration files left out. */
export function codeFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...codeFiles(path));
    else if (CODE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The files a module imports statically (values only, catalogs included), as absolute paths. */
export function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const specifier = match[1]!;
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    // TypeScript and Vite also find `x.tsx` for an import of `x.ts`.
    const existing = [target, target.replace(/\.ts$/, '.tsx')].find((path) => IMPORTABLE.test(path) && existsSync(path));
    if (existing) found.push(existing);
  }
  return found;
}

/** The screen every signed-in start shows and the router preloads. */
export const HOME_SCREEN = 'src/app/home.lazy.tsx';

/** The source files a file imports statically; a catalog imports nothing. */
function sourceImports(file: string): string[] {
  return CODE.test(file) ? staticImports(file) : [];
}

/**
 * Everything reached from `roots` through static imports: by default in the
 * source files; `importsOf` walks another graph the same way (the bundler's
 * modules in vite.config.ts, the built chunks).
 */
export function staticClosure(roots: Iterable<string>, importsOf: (node: string) => Iterable<string> = sourceImports): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const node = queue.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...importsOf(node));
  }
  return seen;
}

/** Comments, so that the words in them are not taken for code. */
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/.*$/gm;

/**
 * A module of constants only: it imports nothing and declares no function or
 * class. It goes with the start wherever it is used: as a chunk of its own,
 * shared by a chunk on the way to Home and by later code (the provider
 * tokens' storage key), it would cost a phone a round trip for a few bytes.
 */
export function isConstantsOnly(file: string): boolean {
  if (!CODE.test(file)) return false;
  const code = readFileSync(file, 'utf8').replace(COMMENTS, '');
  return /\bexport\s+const\b/.test(code) && !/\bimport\b|\bfunction\b|\bclass\b|=>/.test(code);
}

export interface ModuleSplit {
  /** What src/main.tsx needs to send the config request: the tiny entry chunk. */
  entry: Set<string>;
  /** What every start needs besides (and modules of constants only): the app chunk and the `messages` catalog. */
  start: Set<string>;
  /** Everything else in src/ and machines/: later chunks and the `pages` catalog. */
  later: Set<string>;
}

/** Splits src/ and machines/ by the rule above. */
export function splitModules(root = ROOT): ModuleSplit {
  const entry = staticClosure([join(root, 'src/main.tsx')]);
  const start = staticClosure([join(root, 'src/start.tsx')]);
  // Home is fetched with every start (the router preloads it): what it needs
  // besides its own screen belongs with the start, not in a chunk of its own.
  const home = join(root, HOME_SCREEN);
  if (existsSync(home)) for (const file of staticClosure([home])) if (file !== home && !isLazyFile(file)) start.add(file);
  const all = [...codeFiles(join(root, 'src')), ...codeFiles(join(root, 'machines'))];
  for (const file of all) if (isConstantsOnly(file) && !isLazyFile(file)) start.add(file);
  for (const file of entry) start.delete(file);
  const later = new Set(all.filter((file) => !entry.has(file) && !start.has(file)));
  return { entry, start, later };
}

/** A package's module, as a bundler names it. */
const PACKAGE = /[\\/]node_modules[\\/]/;

/**
 * `files` with the packages they import statically, and what those import in
 * turn, in a bundler's graph (`importedIds`): the start's libraries go with
 * it (vite.config.ts), with no list of their names.
 */
export function withPackages(files: Iterable<string>, importedIds: (id: string) => readonly string[]): Set<string> {
  return staticClosure(files, (id) => importedIds(id).filter((next) => PACKAGE.test(next)));
}

/** `*.lazy.*` files that the start imports statically, with who imports them: each breaks the rule. */
export function lazyFilesInStart(root = ROOT): { file: string; importedBy: string[] }[] {
  const { entry, start } = splitModules(root);
  const startFiles = [...entry, ...start];
  return startFiles.filter(isLazyFile).map((file) => ({
    file: relative(root, file),
    importedBy: startFiles.filter((other) => staticImports(other).includes(file)).map((other) => relative(root, other)),
  }));
}

/** Every import of a module, as absolute paths: static, `import type`, re-exports and `import()`. */
const ANY_IMPORT = /(?:^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

export function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(ANY_IMPORT)) {
    const target = resolve(dirname(file), match[1]!);
    const existing = [target, target.replace(/\.ts$/, '.tsx')].find((path) => CODE.test(path) && existsSync(path));
    if (existing) found.add(existing);
  }
  return [...found];
}

/** The folders of the project's own code: the app, its machines and worker, the local stack, the scripts and the tests. */
export const CODE_FOLDERS = ['src', 'machines', 'sw', 'devstack', 'scripts', 'tests'] as const;

/** Every TypeScript file of the project: the folders above and the configs at the root (vite.config.ts, ...). */
export function projectFiles(root = ROOT): string[] {
  const configs = readdirSync(root)
    .filter((name) => CODE.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(root, name));
  return [...configs, ...CODE_FOLDERS.flatMap((folder) => (existsSync(join(root, folder)) ? codeFiles(join(root, folder)) : []))];
}

/**
 * The import circles of the whole project, counting every kind of import:
 * one through `import()` or `import type` still ties two rooms together, so
 * that neither can be understood, moved or tested without the other. Each
 * circle is listed once, as the files along it (relative to `root`).
 */
export function importCircles(root = ROOT): string[][] {
  const files = projectFiles(root);
  const edges = new Map(files.map((file) => [file, allImports(file)]));
  const circles: string[][] = [];
  const seen = new Set<string>();
  // Depth-first from each file; a circle is reported from its smallest file name, so once.
  const visit = (start: string, file: string, path: string[]) => {
    for (const next of edges.get(file) ?? []) {
      if (next === start) {
        const circle = path.map((entry) => relative(root, entry));
        const key = circle.join(' → ');
        if (!seen.has(key)) {
          seen.add(key);
          circles.push(circle);
        }
      } else if (next > start && !path.includes(next)) visit(start, next, [...path, next]);
    }
  };
  for (const file of files) visit(file, file, [file]);
  return circles;
}
