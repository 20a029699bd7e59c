// Languages and texts, shaped like ABP's localization section. The template's
// two languages, `nl` (the default) and `en`, named as ABP's language list
// names them; the texts are the ones the stand-in puts in menus and error
// answers, with the words and sources the real host sent (recorded in
// tests/contract/recorded/userconfiguration.json).

export type LanguageName = 'nl' | 'en';

export const DEFAULT_LANGUAGE: LanguageName = 'nl';

export interface AbpLanguage {
  name: LanguageName;
  displayName: string;
  icon: string;
  isDefault: boolean;
  isDisabled: boolean;
  isRightToLeft: boolean;
}

/** In ABP's order (by display name). */
export const languages: readonly AbpLanguage[] = [
  { name: 'en', displayName: 'English', icon: 'famfamfam-flags us', isDefault: false, isDisabled: false, isRightToLeft: false },
  { name: 'nl', displayName: 'Nederlands', icon: 'famfamfam-flags nl', isDefault: true, isDisabled: false, isRightToLeft: false },
];

/**
 * The language a culture name stands for, as ABP's request localization
 * finds it: the name itself (`en`), else its parent (`en-US` → `en`,
 * `nl-NL` → `nl`); undefined when neither is a language here (`fr`).
 */
export function toLanguage(culture: string): LanguageName | undefined {
  const lower = culture.trim().toLowerCase();
  const found = languages.find((l) => l.name === lower) ?? languages.find((l) => l.name === lower.split('-')[0]);
  return found?.name;
}

export type SourceName = 'Abp' | 'AbpProjectName' | 'AbpWeb' | 'AbpZero';
/** The source the app's own texts (menu, permissions, sign-in) live in; the template names it after the project. */
export const APP_SOURCE: SourceName = 'AbpProjectName';

type Texts = Record<SourceName, Record<string, string>>;

const texts: Record<LanguageName, Texts> = {
  nl: {
    Abp: {
      AtLeastOneOfThesePermissionsMustBeGranted:
        'Verplichte rechten zijn niet toegekend. Minimaal één van de volgende rechten dient toegekend te zijn: {0}',
      CurrentUserDidNotLoginToTheApplication: 'Huidige gebruiker is niet ingelogd in de applicatie!',
      MainMenu: 'Hoofdmenu',
    },
    AbpProjectName: {
      Admin: 'Administratie',
      Beheer: 'Beheer',
      CouldNotValidateExternalUser: 'De externe gebruiker kon niet gevalideerd worden',
      Crm: 'Klantrelaties',
      HomePage: 'Startpagina',
      InvalidUserNameOrPassword: 'Onjuiste gebruikersnaam en/of wachtwoord',
      LoginFailed: 'Inloggen mislukt!',
      Marketing: 'Marketing',
      Roles: 'Rollen',
      TenantIsNotActive: 'Huurder {0} is niet actief.',
      Tenants: 'Huurders',
      Uitvoering: 'Uitvoering',
      UserIsNotActiveAndCanNotLogin: 'Gebruiker {0} is niet actief en kan niet inloggen.',
      UserLockedOutMessage: 'De gebruikersaccount is geblokkeerd. Gelieve later opnieuw te proberen.',
      'ThereIsNoTenantDefinedWithName{0}': 'Er is geen huurder met de naam {0}',
      Users: 'Gebruikers',
      // UsersActivation: the template has no Dutch text, so ABP shows "[Users activation]" (role.json getallpermissions).
      Verkoop: 'Verkoop',
      WaitingForActivationMessage: 'Je account dient nog te worden geactiveerd door de beheerder.',
      Wvb: 'Werkvoorbereiding',
      Zakelijk: 'Zakelijk',
    },
    AbpWeb: {
      EntityNotFound: 'Er is geen entiteit {0} met id = {1}!',
      InternalServerError: 'Er is een interne fout opgetreden tijdens uw aanvraag!',
      ValidationError: 'Uw aanvraag is niet geldig!',
      ValidationNarrativeTitle: 'De volgende fouten zijn gedetecteerd tijdens de validatie.',
    },
    // Only Abp.ZeroCore's identity texts have Dutch; the role, tenant and admin-user texts of Abp.Zero.Common do not,
    // so ABP shows their keys ("[Role name is already taken]", role.json create-duplicate).
    AbpZero: {
      'Identity.DefaultError': 'Er is een onbekende fout opgetreden.',
      'Identity.DuplicateEmail': "E-mail '{0}' is al in gebruik.",
      'Identity.DuplicateUserName': "Gebruikersnaam '{0}' is al in gebruik.",
      'Identity.PasswordMismatch': 'Incorrect wachtwoord.',
      'Identity.PasswordTooShort': 'Wachtwoorden moeten ten minste {0} tekens bevatten.',
    },
  },
  en: {
    Abp: {
      AtLeastOneOfThesePermissionsMustBeGranted:
        'Required permissions are not granted. At least one of these permissions must be granted: {0}',
      CurrentUserDidNotLoginToTheApplication: 'Current user did not login to the application!',
      MainMenu: 'Main menu',
    },
    AbpProjectName: {
      Admin: 'Administration',
      Beheer: 'Management',
      CouldNotValidateExternalUser: 'Could not validate external user',
      Crm: 'Customer relations',
      HomePage: 'Home page',
      InvalidUserNameOrPassword: 'Invalid user name or password',
      LoginFailed: 'Login failed!',
      Marketing: 'Marketing',
      Roles: 'Roles',
      TenantIsNotActive: 'Tenant {0} is not active.',
      Tenants: 'Tenants',
      Uitvoering: 'Execution',
      UserIsNotActiveAndCanNotLogin: 'User {0} is not active and can not log in.',
      UserLockedOutMessage: 'The user account has been locked out. Please try again later.',
      'ThereIsNoTenantDefinedWithName{0}': 'There is no tenant defined with name {0}',
      Users: 'Users',
      UsersActivation: 'Users activation',
      Verkoop: 'Sales',
      WaitingForActivationMessage: 'Your account is waiting to be activated by system admin.',
      Wvb: 'Work preparation',
      Zakelijk: 'Business',
    },
    AbpWeb: {
      EntityNotFound: 'There is no entity {0} with id = {1}!',
      InternalServerError: 'An internal error occurred during your request!',
      ValidationError: 'Your request is not valid!',
      ValidationNarrativeTitle: 'The following errors were detected during validation.',
    },
    AbpZero: {
      CanNotDeleteAdminUser: 'Can not delete user {0} since this is the default admin user!',
      CanNotDeleteStaticRole: 'Can not delete a static role: {0}',
      CanNotRenameAdminUser: 'Can not rename user name of the {0} since this is the default admin user!',
      'Identity.DefaultError': 'An unknown failure has occurred.',
      'Identity.DuplicateEmail': "Email '{0}' is already taken.",
      'Identity.DuplicateUserName': "Username '{0}' is already taken.",
      'Identity.PasswordMismatch': 'Incorrect password.',
      'Identity.PasswordTooShort': 'Passwords must be at least {0} characters.',
      RoleDisplayNameIsAlreadyTaken: 'Role display name {0} is already taken.',
      RoleNameIsAlreadyTaken: 'Role name {0} is already taken.',
      TenancyNameIsAlreadyTaken: 'Tenancy name {0} is already taken.',
    },
  },
};

/**
 * A text with its `{0}`, `{1}` filled in. A text the language lacks is
 * shown as ABP shows it: its key in sentence case between brackets
 * (`UsersActivation` → `[Users activation]`).
 */
export function localize(language: LanguageName, source: SourceName, key: string, ...args: string[]): string {
  const template = texts[language][source][key] ?? `[${key.replace(/[a-z][A-Z]/g, (pair) => `${pair[0]} ${pair[1]!.toLowerCase()}`)}]`;
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => args[Number(index)] ?? whole);
}

export function localizationSection(language: LanguageName, extraTexts: Record<string, string> = {}) {
  const current = languages.find((l) => l.name === language)!;
  const values = Object.fromEntries(
    (Object.keys(texts[language]) as SourceName[]).map((source) => [
      source,
      source === APP_SOURCE ? { ...texts[language][source], ...extraTexts } : { ...texts[language][source] },
    ]),
  );
  return {
    currentCulture: { name: current.name, displayName: current.displayName },
    languages: languages.map((l) => ({ ...l })),
    currentLanguage: { ...current },
    sources: Object.keys(values).map((name) => ({ name, type: 'MultiTenantLocalizationSource' })),
    values,
  };
}
