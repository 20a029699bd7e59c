import type { LanguageName } from './api-request.ts';

// Languages and a small text source, shaped like ABP's localization section.

export const DEFAULT_LANGUAGE: LanguageName = 'nl';
export const LOCALIZATION_SOURCE = 'Isolatie';

export interface AbpLanguage {
  name: string;
  displayName: string;
  icon: string;
  isDefault: boolean;
  isDisabled: boolean;
  isRightToLeft: boolean;
}

export const languages: readonly AbpLanguage[] = [
  { name: 'nl', displayName: 'Nederlands', icon: 'famfamfam-flags nl', isDefault: true, isDisabled: false, isRightToLeft: false },
  { name: 'en-US', displayName: 'English', icon: 'famfamfam-flags us', isDefault: false, isDisabled: false, isRightToLeft: false },
];

const cultureDisplayNames: Record<LanguageName, string> = {
  nl: 'Nederlands',
  'en-US': 'English (United States)',
};

const texts: Record<LanguageName, Record<string, string>> = {
  nl: {
    HomePage: 'Startpagina',
    Verkoop: 'Verkoop',
    Crm: 'Klantrelaties',
    Uitvoering: 'Uitvoering',
    Marketing: 'Marketing',
    Zakelijk: 'Zakelijk',
    Admin: 'Administratie',
    Beheer: 'Beheer',
    Wvb: 'Werkvoorbereiding',
    Users: 'Gebruikers',
    Tenants: 'Tenants',
    Roles: 'Rollen',
    LogOut: 'Uitloggen',
    WelcomeMessage: 'Welkom, {0}!',
  },
  'en-US': {
    HomePage: 'Home',
    Verkoop: 'Sales',
    Crm: 'Customer relations',
    Uitvoering: 'Execution',
    Marketing: 'Marketing',
    Zakelijk: 'Business',
    Admin: 'Administration',
    Beheer: 'Management',
    Wvb: 'Work preparation',
    Users: 'Users',
    Tenants: 'Tenants',
    Roles: 'Roles',
    LogOut: 'Log out',
    WelcomeMessage: 'Welcome, {0}!',
  },
};

export function localizationSection(language: LanguageName) {
  const current = languages.find((l) => l.name === language) ?? languages[0]!;
  return {
    currentCulture: { name: language, displayName: cultureDisplayNames[language] },
    languages: [...languages],
    currentLanguage: current,
    sources: [{ name: LOCALIZATION_SOURCE, type: 'MultiTenantLocalizationSource' }],
    values: { [LOCALIZATION_SOURCE]: { ...texts[language] } },
  };
}

export function text(language: LanguageName, key: string): string {
  return texts[language][key] ?? key;
}
