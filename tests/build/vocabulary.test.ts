import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SOURCE, localize, type LanguageName } from '../../devstack/api/localization.ts';
import { parsePo } from '../../src/i18n/poFile.ts';
import { SECTIONS } from '../../src/sections/sections.lazy.ts';

// The words staff read (docs/vocabulary.md): no word of ABP, OAuth or the
// identity provider's trade on a screen, "je" and not "u" in Dutch, and a
// section named by the backend's menu as the app names it.

const LOCALES = resolve('src/locales');

/** Every translated text of a catalog, by its id. */
function catalog(language: LanguageName): Map<string, string> {
  const files = readdirSync(join(LOCALES, language)).filter((name) => name.endsWith('.po'));
  return new Map(
    files.flatMap((file) => parsePo(readFileSync(join(LOCALES, language, file), 'utf8'))).map(({ msgid, msgstr }) => [msgid, msgstr]),
  );
}

/** Words of the trade, in the catalogs' two languages: ABP's (host, tenant), OAuth's and OpenID Connect's. */
const JARGON: Record<LanguageName, RegExp> = {
  nl: /\b(host|tenants?|huurders?|identiteitsprovider|identity provider|oauth|openid|abp|jwt|tokens?|claims?)\b/i,
  en: /\b(host|tenants?|identity provider|oauth|openid|abp|jwt|tokens?|claims?)\b/i,
};

describe('the words on the screens', () => {
  it.each(['nl', 'en'] as const)('no %s text speaks ABP’s, OAuth’s or the identity provider’s jargon', (language) => {
    const texts = catalog(language);
    expect(texts.size).toBeGreaterThan(200);
    const jargon = [...texts.values()].filter((text) => JARGON[language].test(text));
    expect(jargon).toEqual([]);
  });

  it('the Dutch texts say "je", never "u" or "uw"', () => {
    const formal = [...catalog('nl').values()].filter((text) => /(^|[\s("'])(u|uw|uzelf)(?=[\s,.!?:;)"']|$)/i.test(text));
    expect(formal).toEqual([]);
  });

  it.each(['nl', 'en'] as const)('in %s, the backend’s menu names every section as the app does', (language) => {
    const texts = catalog(language);
    const named = SECTIONS.map((section) => [section.key, language === 'nl' ? section.label.message : texts.get(section.label.id)]);
    const backend = SECTIONS.map((section) => [
      section.key,
      localize(language, APP_SOURCE, section.key.charAt(0).toUpperCase() + section.key.slice(1)),
    ]);
    expect(backend).toEqual(named);
  });
});
