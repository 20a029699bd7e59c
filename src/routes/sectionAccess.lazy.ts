import { notFound } from '@tanstack/react-router';
import { sectionByKey, type Section } from '../sections/sections.lazy.ts';
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
