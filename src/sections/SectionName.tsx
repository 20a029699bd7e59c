import { useLingui } from '@lingui/react';
import { useUserConfiguration } from '../boot/useBoot.ts';
import { sectionName } from './menu.lazy.ts';
import type { Section } from './sections.lazy.ts';

/** The section's one name (`sectionName`) in the person's language, for a screen. */
export function useSectionName(section: Section): string {
  const { i18n } = useLingui();
  return sectionName(section, useUserConfiguration(), i18n);
}

/** The section's one name as text in a page, e.g. in the link back to it. */
export function SectionName({ section }: { section: Section }): string {
  return useSectionName(section);
}
