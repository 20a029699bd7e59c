/**
 * Checks the Lingui catalogs: `lingui extract --clean` must not change them (otherwise a message
 * was added, changed or removed in the code without updating the catalogs), and every message must
 * have a translation in each locale other than the source locale.
 * Runs the extract in the repository, so stale catalogs are left updated for translation.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// The languages come from the app's own list, as lingui.config.ts takes them: a script reads
// the layers below it, never the configuration that sits on top.
import { LOCALES, SOURCE_LOCALE } from '../src/i18n/locales.ts';
import { parsePo } from '../src/i18n/poFile.ts';

const root = resolve(import.meta.dirname, '..');
const locales: readonly string[] = LOCALES;
/** Every catalog file of every locale, e.g. `nl/messages.po`, `nl/pages.po`. */
const catalogFiles = () =>
  locales.flatMap((locale) => {
    const dir = resolve(root, 'src/locales', locale);
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.po'))
          .map((name) => join(locale, name))
      : [];
  });
const readCatalog = (file: string) => {
  const path = resolve(root, 'src/locales', file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

const filesBefore = catalogFiles();
const before = new Map(filesBefore.map((file) => [file, readCatalog(file)]));
const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { cwd: root, encoding: 'utf8' });
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr, '\ni18n check: lingui extract failed');
  process.exit(1);
}
const stale = [...new Set([...filesBefore, ...catalogFiles()])].filter((file) => readCatalog(file) !== before.get(file));

const missing = catalogFiles()
  .filter((file) => !file.startsWith(`${SOURCE_LOCALE}/`))
  .flatMap((file) =>
    parsePo(readCatalog(file) ?? '')
      .filter((m) => !m.msgstr.trim())
      .map((m) => ({ locale: file, ...m })),
  );

if (stale.length) {
  console.error(`i18n check: catalogs are stale: run npm run i18n:extract and translate (changed: ${stale.join(', ')})`);
}
for (const { locale, msgid } of missing) console.error(`i18n check: missing ${locale} translation: ${JSON.stringify(msgid)}`);
if (stale.length || missing.length) process.exit(1);
console.log(`i18n check: catalogs up to date and translated (${locales.join(', ')})`);
