/** The languages the interface is translated into; nl is the source. */
export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'nl';

/** ABP language names as the language switch offers them, with the catalog each uses. */
export const LANGUAGES = [
  { name: 'nl', label: 'Nederlands', locale: 'nl' },
  { name: 'en-US', label: 'English', locale: 'en' },
] as const satisfies readonly { name: string; label: string; locale: Locale }[];

/** The catalog for a (mapped) language name: `en`, `en-US`, `en-GB` use English, anything else Dutch. */
export function catalogLocale(name: string): Locale {
  return name.toLowerCase().split(/[-_]/)[0] === 'en' ? 'en' : SOURCE_LOCALE;
}
