import type { Plugin } from 'vite';
import { SOURCE_LOCALE } from '../../src/i18n/locales.ts';

/**
 * What the service worker keeps at its install, and what only once it is
 * used (sw/sw.ts keeps that at its first fetch, and it opens offline from
 * then on). Decided without knowing the person, so that the install is
 * small enough for a phone and one file fewer can fail it:
 *
 * - kept at install: the shell, the start, Home, sign-in and Mijn account,
 *   the business sections' screens (a few hundred bytes each), and the Dutch
 *   catalogs, the source language;
 * - kept at first use: Beheer's screens and the host's (Omgevingen), which
 *   few people open, and the catalogs of every other language.
 */

/** src/ folders only Beheer and the host's screens use (edits/: Beheer's merge and read-back), and Beheer's section screen. */
const ON_DEMAND_SOURCES = /[\\/]src[\\/](beheer|edits|environments|management)[\\/]|[\\/]src[\\/]sections[\\/]beheer\.lazy\.tsx$/;
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
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The output files only Beheer, the host's screens or another language
 * need, collected while the bundle is written: a chunk whose own modules
 * (the app's, not a library's) are all on demand, and a stylesheet only such
 * chunks import. A chunk shared with screens kept at install stays kept.
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
        const cssKept = new Set<string>();
        const cssOnDemand = new Set<string>();
        for (const chunk of chunks) {
          const own = chunk.moduleIds.filter((id) => !id.includes('/node_modules/') && !id.startsWith('\0'));
          const onDemand = own.length > 0 && own.every(isOnDemandModule);
          if (onDemand) files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) (onDemand ? cssOnDemand : cssKept).add(css);
        }
        for (const css of cssOnDemand) if (!cssKept.has(css)) files.add(css);
      },
    },
  };
}
