import type { Plugin } from 'vite';
import { SOURCE_LOCALE } from '../../src/i18n/locales.ts';

/**
 * What the service worker keeps at its install, and what only once it is
 * used (sw/sw.ts keeps that at its first fetch, and it opens offline from
 * then on). Decided without knowing the person, so that the install is
 * small enough for a phone and one file fewer can fail it:
 *
 * - kept at install: the shell, the start, Home, sign-in, the business
 *   sections' screens (a few hundred bytes each), and the Dutch catalogs,
 *   the source language;
 * - kept at first use: Beheer's screens and the host's (Omgevingen), which
 *   few people open; Mijn account's, which does nothing without the
 *   provider's MyAccount API, so offline it could only say that the server
 *   is away (which the app says for any screen not yet kept); and the
 *   catalogs of every other language.
 */

/**
 * The screens few people open, by file: Beheer's section and its pages,
 * the host's Omgevingen and Mijn account. Each is loaded with import(); what
 * only they lead to is left to first use, found in the build's graph below,
 * so a module can sit in any room without moving it in or out of the
 * install.
 */
const ON_DEMAND_SCREENS = [
  'src/sections/beheer.lazy.tsx',
  'src/beheer/users.lazy.tsx',
  'src/roles/roles.lazy.tsx',
  'src/environments/environments.lazy.tsx',
  'src/app/account.lazy.tsx',
];
/** A catalog of a language (src/locales/<locale>/<name>.po). */
const CATALOG = /[\\/]src[\\/]locales[\\/]([\w-]+)[\\/][^\\/]+\.po(\?.*)?$/;

/** Where the install stops walking: one of the screens above, or another language's catalog. */
function isOnDemandRoot(id: string | null): boolean {
  if (id === null) return false;
  const file = id.split('?')[0]!.replaceAll('\\', '/');
  const catalog = CATALOG.exec(file);
  if (catalog) return catalog[1] !== SOURCE_LOCALE;
  return ON_DEMAND_SCREENS.some((screen) => file.endsWith(`/${screen}`));
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  /** The module an import() of this chunk loads, when it is one's target. */
  facadeModuleId: string | null;
  /** The chunks this one imports statically: they load with it. */
  imports: readonly string[];
  /** The chunks this one may load later with import(). */
  dynamicImports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The output files only Beheer, the host's screens, Mijn account or another
 * language need, collected while the bundle is written: every chunk the
 * start cannot reach, by static imports and import() alike, without going
 * through one of those screens or catalogs, and the stylesheets only such
 * chunks import. A chunk that both a kept chunk and such a screen reach is
 * kept: the install holds it for the first.
 */
export function collectOnDemandFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  return {
    files,
    plugin: {
      name: 'precache-on-demand',
      apply: 'build',
      generateBundle(_options, bundle) {
        files.clear();
        const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkLike => item.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const kept = new Set<string>();
        // A chunk with its way in: an import() may stop at a screen above, a static import loads with its importer.
        const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => ({ chunk, loaded: true }));
        while (queue.length > 0) {
          const { chunk, loaded } = queue.pop()!;
          if (kept.has(chunk.fileName) || (!loaded && isOnDemandRoot(chunk.facadeModuleId))) continue;
          kept.add(chunk.fileName);
          for (const [names, loadedWith] of [
            [chunk.imports, true],
            [chunk.dynamicImports, false],
          ] as const) {
            for (const name of names) {
              const found = byName.get(name);
              if (found) queue.push({ chunk: found, loaded: loadedWith });
            }
          }
        }
        const cssKept = new Set<string>();
        const cssOnDemand = new Set<string>();
        for (const chunk of chunks) {
          const isOnDemand = !kept.has(chunk.fileName);
          if (isOnDemand) files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) (isOnDemand ? cssOnDemand : cssKept).add(css);
        }
        for (const css of cssOnDemand) if (!cssKept.has(css)) files.add(css);
      },
    },
  };
}
