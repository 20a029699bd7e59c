/** The languages the interface is translated into; nl is the source. */
export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'nl';

/** The catalog for a (mapped) language name: `en`, `en-US`, `en-GB` use English, anything else Dutch. */
export function catalogLocale(name: string): Locale {
  return name.toLowerCase().split(/[-_]/)[0] === 'en' ? 'en' : SOURCE_LOCALE;
}
