import type { Section, SectionPage } from './section.ts';

// The labels are plain message descriptors rather than macros so that Node
// (the local stack, the benchmark) can read this file too; `lingui extract`
// finds them by the /*i18n*/ mark. The file is lazy so that no start carries
// the list: it grows with every section, and the start must not.
/** The business sections, in menu order. */
export const SECTIONS = [
  { key: 'verkoop', label: /*i18n*/ { id: 'section.verkoop', message: 'Verkoop' }, permission: 'Pages.Verkoop', screen: () => import('./verkoop.lazy.tsx') },
  { key: 'crm', label: /*i18n*/ { id: 'section.crm', message: 'Relaties (CRM)' }, permission: 'Pages.Crm', screen: () => import('./crm.lazy.tsx') },
  { key: 'uitvoering', label: /*i18n*/ { id: 'section.uitvoering', message: 'Uitvoering' }, permission: 'Pages.Uitvoering', screen: () => import('./uitvoering.lazy.tsx') },
  { key: 'marketing', label: /*i18n*/ { id: 'section.marketing', message: 'Marketing' }, permission: 'Pages.Marketing', screen: () => import('./marketing.lazy.tsx') },
  { key: 'zakelijk', label: /*i18n*/ { id: 'section.zakelijk', message: 'Zakelijk' }, permission: 'Pages.Zakelijk', screen: () => import('./zakelijk.lazy.tsx') },
  { key: 'admin', label: /*i18n*/ { id: 'section.admin', message: 'Admin' }, permission: 'Pages.Admin', screen: () => import('./admin.lazy.tsx') },
  {
    key: 'beheer',
    label: /*i18n*/ { id: 'section.beheer', message: 'Beheer' },
    permission: 'Pages.Beheer',
    screen: () => import('./beheer.lazy.tsx'),
    pages: [
      {
        key: 'gebruikers',
        label: /*i18n*/ { id: 'beheer.gebruikers', message: 'Gebruikers' },
        description: /*i18n*/ { id: 'beheer.gebruikers.description', message: 'Wie er kan inloggen, met welke rollen; accounts activeren en uitzetten.' },
        permission: 'Pages.Users',
        screen: () => import('./beheer/users.lazy.tsx'),
      },
      {
        key: 'rollen',
        label: /*i18n*/ { id: 'beheer.rollen', message: 'Rollen en rechten' },
        description: /*i18n*/ { id: 'beheer.rollen.description', message: 'Welke onderdelen en handelingen bij een rol horen.' },
        permission: 'Pages.Roles',
        screen: () => import('./beheer/roles.lazy.tsx'),
      },
      {
        key: 'omgevingen',
        label: /*i18n*/ { id: 'beheer.omgevingen', message: 'Omgevingen' },
        description: /*i18n*/ { id: 'beheer.omgevingen.description', message: 'De omgevingen van het bedrijf: aanmaken, wijzigen, aan- en uitzetten.' },
        // Host only: ABP grants it to no environment's admin.
        permission: 'Pages.Tenants',
        screen: () => import('./beheer/tenants.lazy.tsx'),
      },
    ],
  },
  { key: 'wvb', label: /*i18n*/ { id: 'section.wvb', message: 'WVB' }, permission: 'Pages.Wvb', screen: () => import('./wvb.lazy.tsx') },
] as const satisfies readonly Section[];

/** A page of a section by its address, in any case. */
export function pageByKey(section: Section, key: string): SectionPage | undefined {
  const wanted = key.toLowerCase();
  return section.pages?.find((page) => page.key === wanted);
}

/** The section at an address (`verkoop`, in any case), if the app has one there. */
export function sectionByKey(key: string): Section | undefined {
  const wanted = key.toLowerCase();
  return SECTIONS.find((section) => section.key === wanted);
}
