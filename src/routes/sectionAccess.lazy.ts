import { notFound } from '@tanstack/react-router';
import { pageByKey, sectionByKey, type Section, type SectionPage } from '../sections/sections.lazy.ts';
import { isGranted } from '../abp/userConfiguration.ts';
import { canOpen } from '../sections/access.ts';
import type { RouterContext } from './context.ts';
import { NoAccessError } from './guards.ts';

// The section route's checks, with the app's list of sections: they load
// when a section's address is visited, so the start carries neither.

/** The section at an address; the app's "Pagina niet gevonden" when it has none there. */
export function knownSection(key: string): Section {
  const section = sectionByKey(key);
  if (!section) throw notFound();
  return section;
}

/** The section at an address if the person may open it (its permission and feature), checked before its code loads; else "Geen toegang". */
export function openSection(context: RouterContext, key: string): Section {
  const section = knownSection(key);
  if (!canOpen(context.userConfiguration(), section)) throw new NoAccessError(section.key);
  return section;
}

/**
 * A page under a section (`/beheer/gebruikers`) if the person may open the
 * section and the page; "Pagina niet gevonden" for a page the section does
 * not have, "Geen toegang" otherwise, before the page's code loads.
 */
export function openSectionPage(context: RouterContext, sectionKey: string, pageKey: string): { section: Section; page: SectionPage } {
  const section = openSection(context, sectionKey);
  const page = pageByKey(section, pageKey);
  if (!page) throw notFound();
  if (!isGranted(context.userConfiguration(), page.permission)) throw new NoAccessError(`${section.key}/${page.key}`);
  return { section, page };
}
