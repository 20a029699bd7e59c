import { useLingui } from '@lingui/react';
import { useUserConfiguration } from '../boot/useBoot.ts';
import type { I18n } from '@lingui/core';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { serverMenu } from '../abp/menu.ts';
import type { Section } from './section.ts';

/**
 * A section's one name, the same in the menu, on Home's tile, in the page's
 * title and in the way back from its pages: the server's menu item's
 * (in the person's language) when it names the section, else the app's own.
 * It lives here, below the list (src/sections/menu.lazy.ts): a screen that names its
 * section would otherwise import the list that loads the screen.
 */
export function sectionName(section: Section, configuration: UserConfiguration | undefined, i18n: I18n): string {
  return serverMenu(configuration)?.find((entry) => entry.key === section.key)?.name ?? i18n._(section.label);
}

/** The section's one name (`sectionName`) in the person's language, for a screen. */
export function useSectionName(section: Section): string {
  const { i18n } = useLingui();
  return sectionName(section, useUserConfiguration(), i18n);
}

/** The section's one name as text in a page, e.g. in the link back to it. */
export function SectionName({ section }: { section: Section }): string {
  return useSectionName(section);
}
