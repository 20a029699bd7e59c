import type { Section, SectionPage } from '../section/section.ts';

// The labels are plain message descriptors rather than macros so that Node
// (the local stack, the benchmark) can read this file too; `lingui extract`
// finds them by the /*i18n*/ mark. The file is lazy so that no start carries
// the list: it grows with every section, and the start must not.
/** The business sections, in menu order. */
export const SECTIONS = [
  {
    key: 'verkoop',
    label: /*i18n*/ { id: 'section.verkoop', message: 'Verkoop' },
    summary: /*i18n*/ { id: 'section.verkoop.summary', message: 'Offertes, orders en prijzen voor isolatiewerk.' },
    comingLater: true,
    icon: 'M18 7a7 7 0 1 0 0 10M4 10h10M4 14h10',
    permission: 'Pages.Verkoop',
    screen: () => import('./verkoop.lazy.tsx'),
  },
  {
    key: 'crm',
    label: /*i18n*/ { id: 'section.crm', message: 'Klantrelaties' },
    summary: /*i18n*/ { id: 'section.crm.summary', message: 'Klanten, contactpersonen en wat er met hen is afgesproken.' },
    comingLater: true,
    icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a7 7 0 0 1 14 0v1M16 3.5a4 4 0 0 1 0 7.5M22 21v-1a6 6 0 0 0-4-5.6',
    permission: 'Pages.Crm',
    screen: () => import('./crm.lazy.tsx'),
  },
  {
    key: 'uitvoering',
    label: /*i18n*/ { id: 'section.uitvoering', message: 'Uitvoering' },
    summary: /*i18n*/ { id: 'section.uitvoering.summary', message: 'Het werk op locatie: planning, ploegen en oplevering.' },
    comingLater: true,
    icon: 'M3 11l9-8 9 8M5 9.5V21h14V9.5M10 21v-6h4v6',
    permission: 'Pages.Uitvoering',
    screen: () => import('./uitvoering.lazy.tsx'),
  },
  {
    key: 'marketing',
    label: /*i18n*/ { id: 'section.marketing', message: 'Marketing' },
    summary: /*i18n*/ { id: 'section.marketing.summary', message: 'Campagnes, acties en aanvragen via de website.' },
    comingLater: true,
    icon: 'M3 10v4h4l8 5V5l-8 5H3zM19 9a4 4 0 0 1 0 6',
    permission: 'Pages.Marketing',
    screen: () => import('./marketing.lazy.tsx'),
  },
  {
    key: 'zakelijk',
    label: /*i18n*/ { id: 'section.zakelijk', message: 'Zakelijk' },
    summary: /*i18n*/ { id: 'section.zakelijk.summary', message: 'Zakelijke klanten, contracten en raamovereenkomsten.' },
    comingLater: true,
    icon: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18',
    permission: 'Pages.Zakelijk',
    screen: () => import('./zakelijk.lazy.tsx'),
  },
  {
    key: 'admin',
    label: /*i18n*/ { id: 'section.admin', message: 'Administratie' },
    summary: /*i18n*/ { id: 'section.admin.summary', message: 'Facturen, betalingen en de boekhouding.' },
    comingLater: true,
    icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
    permission: 'Pages.Admin',
    screen: () => import('./admin.lazy.tsx'),
  },
  {
    key: 'beheer',
    label: /*i18n*/ { id: 'section.beheer', message: 'Beheer' },
    summary: /*i18n*/ { id: 'section.beheer.summary', message: 'Gebruikers, rollen en rechten, omgevingen.' },
    icon: 'M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6l8-3zM9 12l2 2 4-4',
    permission: 'Pages.Beheer',
    screen: () => import('./beheer.lazy.tsx'),
    pages: [
      {
        key: 'gebruikers',
        label: /*i18n*/ { id: 'beheer.gebruikers', message: 'Gebruikers' },
        description: /*i18n*/ {
          id: 'beheer.gebruikers.description',
          message: 'Wie er kan inloggen, met welke rollen; accounts activeren en uitzetten.',
        },
        permission: 'Pages.Users',
        screen: () => import('../beheer/users.lazy.tsx'),
      },
      {
        key: 'rollen',
        label: /*i18n*/ { id: 'beheer.rollen', message: 'Rollen en rechten' },
        description: /*i18n*/ { id: 'beheer.rollen.description', message: 'Welke onderdelen en handelingen bij een rol horen.' },
        permission: 'Pages.Roles',
        screen: () => import('../roles/roles.lazy.tsx'),
      },
      {
        key: 'omgevingen',
        label: /*i18n*/ { id: 'beheer.omgevingen', message: 'Omgevingen' },
        description: /*i18n*/ {
          id: 'beheer.omgevingen.description',
          message: 'De omgevingen van het bedrijf: aanmaken, wijzigen, aan- en uitzetten.',
        },
        // Host only: ABP grants it to no environment's admin.
        permission: 'Pages.Tenants',
        screen: () => import('../environments/environments.lazy.tsx'),
      },
    ],
  },
  {
    key: 'wvb',
    label: /*i18n*/ { id: 'section.wvb', message: 'Werkvoorbereiding' },
    summary: /*i18n*/ { id: 'section.wvb.summary', message: 'Werkbonnen, materiaal en inmeten voordat het werk begint.' },
    comingLater: true,
    icon: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M9 14l2 2 4-4',
    permission: 'Pages.Wvb',
    screen: () => import('./wvb.lazy.tsx'),
  },
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
