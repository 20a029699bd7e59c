import { notFound } from '@tanstack/react-router';
import type { Section, SectionPage } from '../section/section.ts';
import { pageByKey, SECTIONS, sectionByKey } from '../sections/sections.lazy.ts';
import { isGranted } from '../abp/userConfiguration.ts';
import { canOpen } from '../section/access.ts';
import type { RouterContext } from './context.ts';
import { NoAccessError } from './noAccessError.ts';

// The section route's checks, with the app's list of sections: they load
// when a section's address is visited, so the start carries neither.

/** The section at an address; the app's "Pagina niet gevonden" when it has none there. */
export function knownSection(key: string): Section {
  const section = sectionByKey(key);
  if (!section) throw notFound();
  return section;
}

/** The section at an address if the person may open it (its permission and feature), checked before its code loads; else "Geen toegang". */
export function openSection(context: Pick<RouterContext, 'userConfiguration'>, key: string): Section {
  const section = knownSection(key);
  if (!canOpen(context.userConfiguration(), section)) throw new NoAccessError(section.key);
  return section;
}

/**
 * What a section's address opens: the section itself (`/beheer`), a page
 * under it (`/beheer/gebruikers`) or one item of that page
 * (`/beheer/gebruikers/5`), if the person may open the section and the page.
 * "Pagina niet gevonden" for an address the section does not have, "Geen
 * toegang" otherwise, before any of its code loads.
 */
export function openAddress(
  context: Pick<RouterContext, 'userConfiguration'>,
  sectionKey: string,
  rest = '',
): { section: Section; page?: SectionPage; id?: string; sections: readonly Section[] } {
  const section = openSection(context, sectionKey);
  const [pageKey, id, ...more] = rest.split('/').filter(Boolean);
  if (pageKey === undefined) return { section, sections: SECTIONS };
  const page = pageByKey(section, pageKey);
  if (!page || more.length > 0) throw notFound();
  if (!isGranted(context.userConfiguration(), page.permission)) throw new NoAccessError(`${section.key}/${page.key}`);
  return { section, page, sections: SECTIONS, ...(id === undefined ? {} : { id }) };
}
