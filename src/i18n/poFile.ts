/**
 * The entries of a Lingui `.po` catalog as text: each msgid with its msgstr,
 * multi-line strings joined and unescaped, the header left out. For the
 * tools that read the catalogs (the i18n check, the vocabulary test, the
 * local provider's English name of the app); the app itself imports the
 * catalogs compiled.
 */
export function parsePo(text: string): { msgid: string; msgstr: string }[] {
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
