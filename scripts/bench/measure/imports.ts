import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The libraries the app must use on its way to /app/home; their minimal bundle is the size floor. */
export const FLOOR_LIBRARIES = [
  'react',
  'react-dom',
  '@tanstack/react-router',
  'xstate',
  '@xstate/react',
  '@lingui/core',
  '@lingui/react',
  'ky',
  'date-fns',
] as const;

/** What the Lingui macros compile to: the runtime import each macro leaves in the bundle (none for message descriptors). */
const MACROS: Record<string, Record<string, { module: string; name: string } | null>> = {
  '@lingui/react/macro': {
    Trans: { module: '@lingui/react', name: 'Trans' },
    Plural: { module: '@lingui/react', name: 'Trans' },
    Select: { module: '@lingui/react', name: 'Trans' },
    SelectOrdinal: { module: '@lingui/react', name: 'Trans' },
    useLingui: { module: '@lingui/react', name: 'useLingui' },
  },
  '@lingui/core/macro': {
    msg: null,
    defineMessage: null,
    t: { module: '@lingui/core', name: 'i18n' },
    plural: { module: '@lingui/core', name: 'i18n' },
    select: { module: '@lingui/core', name: 'i18n' },
    selectOrdinal: { module: '@lingui/core', name: 'i18n' },
  },
};

/** Imports per module specifier: named bindings, whether a default or a namespace is imported. */
export interface ModuleImports {
  named: Set<string>;
  defaultImport: boolean;
  namespace: boolean;
}

export type LibraryImports = Map<string, ModuleImports>;

function isFloorLibrary(specifier: string): boolean {
  return FLOOR_LIBRARIES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

function entryFor(imports: LibraryImports, specifier: string): ModuleImports {
  let entry = imports.get(specifier);
  if (!entry) {
    entry = { named: new Set(), defaultImport: false, namespace: false };
    imports.set(specifier, entry);
  }
  return entry;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function addMacro(imports: LibraryImports, specifier: string, name: string, file: string): void {
  const table = MACROS[specifier];
  if (!table || !(name in table))
    throw new Error(`${file}: unknown Lingui macro ${name} from ${specifier}; teach scripts/bench/measure/imports.ts what it compiles to.`);
  const target = table[name];
  if (target) entryFor(imports, target.module).named.add(target.name);
}

/**
 * Every value import of the floor libraries in the given source folders, with the
 * Lingui macros replaced by what they compile to, and React's JSX runtime when
 * any file holds JSX. Type-only imports are left out: they weigh nothing.
 */
export function collectLibraryImports(dirs: string[]): LibraryImports {
  const imports: LibraryImports = new Map();
  let hasJsx = false;
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      false,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) hasJsx = true;
      if (!hasJsx) ts.forEachChild(node, visit);
    };
    if (file.endsWith('.tsx')) visit(source);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      if (!isFloorLibrary(specifier)) continue;
      const clause = statement.importClause;
      if (!clause) {
        entryFor(imports, specifier);
        continue;
      }
      if (clause.isTypeOnly) continue;
      if (specifier in MACROS) {
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) addMacro(imports, specifier, (element.propertyName ?? element.name).text, file);
          }
        }
        continue;
      }
      if (clause.name) entryFor(imports, specifier).defaultImport = true;
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) entryFor(imports, specifier).namespace = true;
      if (bindings && ts.isNamedImports(bindings)) {
        const values = bindings.elements.filter((element) => !element.isTypeOnly);
        for (const element of values) entryFor(imports, specifier).named.add((element.propertyName ?? element.name).text);
      }
    }
  }
  if (hasJsx) {
    const runtime = entryFor(imports, 'react/jsx-runtime');
    for (const name of ['jsx', 'jsxs', 'Fragment']) runtime.named.add(name);
  }
  return imports;
}

/**
 * An entry module that imports exactly those bindings and hands every one of
 * them to the page, so the bundler cannot drop any of them.
 */
export function floorEntrySource(imports: LibraryImports): string {
  const lines: string[] = [];
  const kept: string[] = [];
  const specifiers = [...imports.keys()].sort();
  specifiers.forEach((specifier, index) => {
    const entry = imports.get(specifier)!;
    const parts: string[] = [];
    if (entry.defaultImport) {
      parts.push(`m${index}_default`);
      kept.push(`m${index}_default`);
    }
    const named = [...entry.named].sort().map((name, n) => {
      kept.push(`m${index}_${n}`);
      return `${name} as m${index}_${n}`;
    });
    if (named.length > 0) parts.push(`{ ${named.join(', ')} }`);
    if (entry.namespace) {
      lines.push(`import * as m${index}_ns from '${specifier}';`);
      kept.push(`m${index}_ns`);
    }
    if (parts.length > 0) lines.push(`import ${parts.join(', ')} from '${specifier}';`);
    else if (!entry.namespace) lines.push(`import '${specifier}';`);
  });
  lines.push(`globalThis.__floor = [${kept.join(', ')}];`);
  return `${lines.join('\n')}\n`;
}

/** One line per library: what the app imports from it. */
export function describeImports(imports: LibraryImports): string[] {
  return [...imports.keys()].sort().map((specifier) => {
    const entry = imports.get(specifier)!;
    const names = [...(entry.defaultImport ? ['default'] : []), ...(entry.namespace ? ['* (namespace)'] : []), ...[...entry.named].sort()];
    return `${specifier}: ${names.join(', ') || '(side effects)'}`;
  });
}
