import type { I18n } from '@lingui/core';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { SECTIONS, sectionByKey } from './sections.lazy.ts';
import { canOpen } from '../section/access.ts';
import { serverMenu, type MenuEntry } from '../abp/menu.ts';

/**
 * The main menu once the app's list of sections is in: the server's items
 * for sections the app has and the person may open (an item for a page the
 * app does not have is left out), named by the server or else by the app;
 * without a server menu, the app's sections the person may open, in the
 * app's order. Home's tiles show the same entries.
 */
export function knownMenu(configuration: UserConfiguration | undefined, i18n: I18n): MenuEntry[] {
  const entries = serverMenu(configuration) ?? SECTIONS.map(({ key }): MenuEntry => ({ key }));
  return entries.flatMap(({ key, name }) => {
    const section = sectionByKey(key);
    return section && canOpen(configuration, section) ? [{ key: section.key, name: name ?? i18n._(section.label) }] : [];
  });
}
