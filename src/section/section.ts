import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';

/**
 * A business section. The list in src/sections/sections.lazy.ts is the one
 * place a section is named: its route, the menu, the benchmark and the local
 * stack's backend (its permissions and its `MainMenu`) all read it. Adding a
 * section is one entry there plus its screen file. The types live in a room
 * below the list's, so the screens the list loads (Beheer's pages among them)
 * can name them without importing it.
 */
export interface Section {
  /** The address (`/verkoop`), the menu item's url and the screen file's name. */
  key: string;
  /** The Dutch name in the page title (and in the menu when the server names none), translated through the catalogs. */
  label: MessageDescriptor;
  /** One line about what staff do there, on its tile on Home. */
  summary: MessageDescriptor;
  /** Its screens are still to come: its page says so, and Home's tile does not promise what the summary describes. */
  comingLater?: boolean;
  /** Its icon on Home's tile: the `d` of one SVG path, drawn with a 2 px line on a 24 px grid. */
  icon: string;
  /** The ABP permission that opens it (`auth.grantedPermissions`). */
  permission: string;
  /** An ABP feature the section also needs (`features.allFeatures[name].value === 'true'`), for editions that leave it out. */
  feature?: string;
  /** Its screen file, `<key>.lazy.tsx`: fetched only when the section is visited, after the person's access is checked. */
  screen: () => Promise<SectionScreen>;
  /** The screens under the section, at `/<key>/<page key>` (and `/<key>/<page key>/<id>` for one item). */
  pages?: readonly SectionPage[];
}

/** What a section's screen file exports: the page, given the section's entry. */
export interface SectionScreen {
  Screen: ComponentType<{ section: Section }>;
}

/** A screen under a section (Beheer's Gebruikers): its own address, permission and chunk. */
export interface SectionPage {
  /** The address under the section (`gebruikers`). */
  key: string;
  label: MessageDescriptor;
  /** One line about it, on the section's page. */
  description: MessageDescriptor;
  /** The ABP permission that opens it, checked (with the section's) before its code loads. */
  permission: string;
  screen: () => Promise<SectionPageScreen>;
}

/** What a page's screen file exports: the page, given its section, its entry and the item's id from the address. */
export interface SectionPageScreen {
  /** `sections`: the app's list, for a page that names the sections (Rollen names a permission by its section's label). */
  Screen: ComponentType<{ section: Section; page: SectionPage; id: string | undefined; sections: readonly Section[] }>;
}
