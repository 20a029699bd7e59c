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
 * src/ folders only Beheer and the host's screens use (edits/: Beheer's merge
 * and read-back), Mijn account's (myaccount/ and its screen), and Beheer's
 * section screen.
 */
const ON_DEMAND_SOURCES = /[\\/]src[\\/](beheer|edits|environments|management|myaccount|roles)[\\/]|[\\/]src[\\/]sections[\\/]beheer\.lazy\.tsx$|[\\/]src[\\/]app[\\/]account\.lazy\.tsx$/;
/** A catalog of a language (src/locales/<locale>/<name>.po). */
const CATALOG = /[\\/]src[\\/]locales[\\/]([\w-]+)[\\/][^\\/]+\.po(\?.*)?$/;

function isOnDemandModule(id: string): boolean {
  const file = id.split('?')[0]!;
  const catalog = CATALOG.exec(file);
  if (catalog) return catalog[1] !== SOURCE_LOCALE;
  return ON_DEMAND_SOURCES.test(file);
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  /** The module an import() of this chunk loads, when it is one's target. */
  facadeModuleId: string | null;
  /** The chunks this one imports statically: they load with it. */
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The output files only Beheer, the host's screens, Mijn account or another
 * language need, collected while the bundle is written:
 *
 * - a chunk whose own modules (the app's, not a library's) are all on demand;
 * - a chunk that an import() of an on-demand module loads, with whatever
 *   else the bundler put in it (a field only that screen uses): the bundler
 *   puts a module in it only when nothing else reaches the module first;
 * - a stylesheet only such chunks import.
 *
 * A chunk that a kept chunk imports statically is kept with it (it loads
 * with that chunk), and so on down its imports.
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
        const onDemand = new Set(
          chunks
            .filter((chunk) => {
              const own = chunk.moduleIds.filter((id) => !id.includes('/node_modules/') && !id.startsWith('\0'));
              return (own.length > 0 && own.every(isOnDemandModule)) || (chunk.facadeModuleId !== null && isOnDemandModule(chunk.facadeModuleId));
            })
            .map((chunk) => chunk.fileName),
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const keep = (fileName: string): void => {
          if (!onDemand.delete(fileName)) return;
          for (const imported of byName.get(fileName)?.imports ?? []) keep(imported);
        };
        for (const chunk of chunks) if (!onDemand.has(chunk.fileName)) for (const imported of chunk.imports) keep(imported);
        const cssKept = new Set<string>();
        const cssOnDemand = new Set<string>();
        for (const chunk of chunks) {
          const isOnDemand = onDemand.has(chunk.fileName);
          if (isOnDemand) files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) (isOnDemand ? cssOnDemand : cssKept).add(css);
        }
        for (const css of cssOnDemand) if (!cssKept.has(css)) files.add(css);
      },
    },
  };
}
