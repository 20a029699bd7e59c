import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { SECTIONS, type AppSection } from '../sections/sections.ts';
import { canOpen } from './access.ts';

/** One entry of the main menu: a known section, with the server's name for it when it sent one. */
export interface MenuEntry {
  section: AppSection;
  /** `displayName` from the server's menu (already in the person's language); else the section's own label is used. */
  displayName?: string;
}

/** An item of ABP's `nav.menus.MainMenu` (a server may send anything: every field is checked). */
interface ServerMenuItem {
  name?: unknown;
  displayName?: unknown;
  url?: unknown;
  order?: unknown;
}

/** The section a server item stands for: by the last part of its url (`verkoop`, `/app/verkoop`), else its name. */
function sectionOf({ url, name }: ServerMenuItem): AppSection | undefined {
  const key = (typeof url === 'string' && url.split('/').filter(Boolean).at(-1)) || (typeof name === 'string' && name);
  return key ? SECTIONS.find((section) => section.key === key.toLowerCase()) : undefined;
}

/**
 * The sections the person may open, as the server orders and names them in
 * `nav.menus.MainMenu` (items for pages this app does not have are left
 * out); without a server menu, the app's own order. A section the person's
 * permissions or features do not grant never shows.
 */
export function mainMenu(configuration: UserConfiguration | undefined): MenuEntry[] {
  const items = (configuration?.nav.menus.MainMenu as { items?: unknown } | undefined)?.items;
  const entries: MenuEntry[] = [];
  if (Array.isArray(items) && items.length > 0) {
    const ordered = items
      .filter((item): item is ServerMenuItem => typeof item === 'object' && item !== null)
      .map((item, index) => ({ item, order: typeof item.order === 'number' ? item.order : index }))
      .sort((a, b) => a.order - b.order);
    for (const { item } of ordered) {
      const section = sectionOf(item);
      if (section && !entries.some((entry) => entry.section === section)) {
        entries.push(typeof item.displayName === 'string' && item.displayName.trim() ? { section, displayName: item.displayName } : { section });
      }
    }
  } else {
    for (const section of SECTIONS) entries.push({ section });
  }
  return entries.filter((entry) => canOpen(configuration, entry.section));
}
