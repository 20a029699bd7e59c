import type { UserConfiguration } from './userConfiguration.ts';
import { isJsonObject } from '../lib/json.ts';

/** One entry of the main menu: a section, by its address. */
export interface MenuEntry {
  /** The section's key: its address (`/verkoop`). */
  key: string;
  /** The server's `displayName` (already in the person's language); without one, the section's own label once the app's list is in. */
  name?: string;
}

/** An item of ABP's `nav.menus.MainMenu` (a server may send anything: every field is checked). */
interface ServerMenuItem {
  name?: unknown;
  displayName?: unknown;
  url?: unknown;
  order?: unknown;
}

/**
 * The section a server item stands for. Its url is the section's address in
 * this app (`verkoop`, `/verkoop`): any other path (`app/home`, the site's
 * root, another site) is no section. Without a url, its name.
 */
function keyOf({ url, name }: ServerMenuItem): string | undefined {
  const key = typeof url === 'string' ? url.replace(/^\/|\/$/g, '') : name;
  return typeof key === 'string' && /^[\w-]+$/.test(key) ? key.toLowerCase() : undefined;
}

/**
 * The items of the server's `nav.menus.MainMenu` that stand for a section, in
 * its order and words (ABP's UserNavigationManager left out what the
 * person's permissions and features do not grant); undefined when it sent no
 * items. Whether the app has each section is known only to its list, which
 * the start does not carry.
 */
export function serverMenu(configuration: UserConfiguration | undefined): MenuEntry[] | undefined {
  const menu = configuration?.nav.menus.MainMenu;
  const items = isJsonObject(menu) ? menu.items : undefined;
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const entries: MenuEntry[] = [];
  items
    .filter((item): item is ServerMenuItem => typeof item === 'object' && item !== null)
    .map((item, index) => ({ item, order: typeof item.order === 'number' ? item.order : index }))
    .sort((a, b) => a.order - b.order)
    .forEach(({ item }) => {
      const key = keyOf(item);
      if (key && !entries.some((entry) => entry.key === key)) {
        entries.push(typeof item.displayName === 'string' && item.displayName.trim() ? { key, name: item.displayName } : { key });
      }
    });
  return entries;
}
