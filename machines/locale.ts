import type { LocaleMapping } from './boot.types.ts';

/** The language ABP's client never loads locale data for: it is built in. */
export const BUILT_IN_LANGUAGE = 'en-US';

/** Maps an ABP language name through `localeMappings`: first match wins, else unchanged. */
export function mapLocale(name: string, mappings: readonly LocaleMapping[]): string {
  return mappings.find((mapping) => mapping.from === name)?.to ?? name;
}
