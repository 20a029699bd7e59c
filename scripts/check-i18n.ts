/**
 * Checks the Lingui catalogs: `lingui extract --clean` must not change them (otherwise a message
 * was added, changed or removed in the code without updating the catalogs), and every message must
 * have a translation in each locale other than the source locale.
 * Runs the extract in the repository, so stale catalogs are left updated for translation.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import linguiConfig from '../lingui.config.ts';

const root = resolve(import.meta.dirname, '..');
const locales = linguiConfig.locales;
const catalogPath = (locale: string) => resolve(root, 'src/locales', locale, 'messages.po');
const readCatalog = (locale: string) => (existsSync(catalogPath(locale)) ? readFileSync(catalogPath(locale), 'utf8') : undefined);

const before = locales.map(readCatalog);
const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { cwd: root, encoding: 'utf8' });
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr, '\ni18n check: lingui extract failed');
  process.exit(1);
}
const stale = locales.filter((locale, index) => readCatalog(locale) !== before[index]);

/** The msgid and msgstr of each entry of a .po file, without the header. */
function parsePo(text: string): { msgid: string; msgstr: string }[] {
  return text.split(/\r?\n\s*\r?\n/).flatMap((entry) => {
    const fields: Record<string, string> = {};
    let current: string | undefined;
    for (const line of entry.split(/\r?\n/)) {
      const start = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (start) [, current] = start;
      const quoted = start ? start[2] : /^\s*".*"$/.test(line) ? line.trim() : undefined;
      if (current && quoted) fields[current] = (fields[current] ?? '') + (JSON.parse(quoted) as string);
      else if (!line.startsWith('#')) current = undefined;
    }
    return fields.msgid ? [{ msgid: fields.msgid, msgstr: fields.msgstr ?? '' }] : [];
  });
}

const missing = locales
  .filter((locale) => locale !== linguiConfig.sourceLocale)
  .flatMap((locale) => parsePo(readCatalog(locale) ?? '').filter((m) => !m.msgstr.trim()).map((m) => ({ locale, ...m })));

if (stale.length) {
  console.error(`i18n check: catalogs are stale: run npm run i18n:extract and translate (changed: ${stale.join(', ')})`);
}
for (const { locale, msgid } of missing) console.error(`i18n check: missing ${locale} translation: ${JSON.stringify(msgid)}`);
if (stale.length || missing.length) process.exit(1);
console.log(`i18n check: catalogs up to date and translated (${locales.join(', ')})`);
