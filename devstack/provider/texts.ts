import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MIN_PASSWORD_LENGTH, type PasswordProblem } from './password-policy.ts';
import { parsePo } from '../../src/i18n/poFile.ts';

// Every word the provider's pages and mails show, in Dutch (the default) and
// English, in the app's own voice: "je", and the app's words for things
// ("Account aanvragen", "inlogdienst", "Inloggen"), so a person moving
// between the app and these pages meets one product (devstack/README.md,
// "Language and words").

export type Language = 'nl' | 'en';
export const LANGUAGES: readonly Language[] = ['nl', 'en'];

/** The app's name, as its own page title gives it (index.html), so the provider's tabs carry it too. */
export const PRODUCT_NAME =
  /<title>([^<]+)<\/title>/.exec(readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8'))?.[1]?.trim() ??
  'Medewerkersportaal';

/** The app's name in a page's language: in English, as the app's English catalog translates it ("Staff portal"). */
export function productName(language: Language): string {
  if (language === 'nl') return PRODUCT_NAME;
  const catalog = parsePo(readFileSync(resolve(import.meta.dirname, '../../src/locales/en/messages.po'), 'utf8'));
  return catalog.find((entry) => entry.msgid === PRODUCT_NAME)?.msgstr || PRODUCT_NAME;
}

const nl = {
  backToSignIn: 'Terug naar inloggen',
  checkFields: 'Controleer de gemarkeerde velden.',
  checkField: 'Controleer het gemarkeerde veld.',
  formExpiredTitle: 'Formulier verlopen',
  formExpired: 'Dit formulier is verlopen. Probeer het opnieuw.',
  formExpiredOpenMail: 'Dit formulier is verlopen. Open de link uit de e-mail opnieuw.',
  linkBroken: 'Link werkt niet',
  linkExpired: 'Deze link is verlopen. Vraag een nieuwe aan.',
  linkUsed: 'Deze link is ongeldig of al gebruikt.',
  newLink: 'Nieuwe link aanvragen',
  checkMail: 'Controleer je e-mail',
  notFoundTitle: 'Pagina niet gevonden',
  notFound: 'Deze pagina bestaat niet.',
  failed: 'Er ging iets mis. Probeer het later opnieuw.',

  signIn: 'Inloggen',
  userName: 'Gebruikersnaam',
  password: 'Wachtwoord',
  forgotPassword: 'Wachtwoord vergeten?',
  requestAccount: 'Account aanvragen',
  cancel: 'Annuleren',
  loginError: 'Onbekende gebruikersnaam of onjuist wachtwoord.',
  lockedError: 'Dit account is geblokkeerd na te veel mislukte inlogpogingen.',
  unlockAccount: 'Account ontgrendelen',
  signOut: 'Uitloggen',
  signingOut: 'Je wordt uitgelogd.',
  signedOutTitle: 'Uitgelogd',
  signedOut: 'Je bent uitgelogd. Je kunt dit venster sluiten.',
  errorTitle: 'Er ging iets mis',
  errorText: 'Het inloggen kon niet worden afgerond. Ga terug naar de applicatie en probeer het opnieuw.',
  attemptExpired: 'Deze inlogpoging is verlopen.',
  unknownStep: (step: string) => `Onbekende stap: ${step}`,
  cancelled: 'Inloggen is geannuleerd.',

  givenName: 'Voornaam',
  familyName: 'Achternaam',
  email: 'E-mailadres',
  givenNameError: 'Vul je voornaam in (hoogstens 50 tekens).',
  familyNameError: 'Vul je achternaam in (hoogstens 50 tekens).',
  emailError: 'Vul een geldig e-mailadres in.',
  userNameError: 'Gebruik 3 tot 30 letters, cijfers, punten, streepjes of liggende streepjes.',
  requestIntro: 'Vraag een account aan. Je krijgt een e-mail om de aanvraag te bevestigen.',
  requestAgain: 'Opnieuw aanvragen',
  requestSent: 'We hebben een e-mail gestuurd naar het opgegeven adres. Volg de link in die e-mail om je aanvraag af te ronden.',
  confirmRequest: 'Aanvraag bevestigen',
  confirmRequestText: (userName: string) => `Bevestig de aanvraag voor gebruikersnaam "${userName}".`,
  requestStale: 'Deze aanvraag kan niet meer worden afgerond. Vraag opnieuw een account aan.',
  accountCreatedTitle: 'Account aangemaakt',
  accountCreated: 'Je account is aangemaakt en je kunt nu inloggen. Tot een beheerder je een rol geeft, zie je nog geen onderdelen.',
  mailAlreadyTitle: 'Je hebt al een account',
  mailAlready: (link: string) =>
    `Er is geprobeerd met dit e-mailadres een account aan te vragen, maar er bestaat al een account met dit adres.\nWachtwoord vergeten? Vraag een nieuw wachtwoord aan via ${link}\nWas jij dit niet? Dan kun je dit bericht negeren.`,
  mailUserNameTakenTitle: 'Aanvraag niet afgerond',
  mailUserNameTaken: (userName: string, link: string) =>
    `De gebruikersnaam "${userName}" is niet beschikbaar. Vraag opnieuw een account aan met een andere gebruikersnaam via ${link}`,
  mailConfirmTitle: 'Bevestig je aanvraag',
  mailConfirm: (givenName: string, link: string) =>
    `Welkom, ${givenName}. Bevestig je aanvraag via ${link}\nDe link is 24 uur geldig en werkt één keer.`,

  loginField: 'Gebruikersnaam of e-mailadres',
  loginFieldError: 'Vul je gebruikersnaam of e-mailadres in.',
  sendLink: 'Link versturen',
  forgotTitle: 'Wachtwoord vergeten',
  forgotIntro: 'Vul je gebruikersnaam of e-mailadres in. Je krijgt een e-mail met een link om een nieuw wachtwoord in te stellen.',
  forgotSent:
    'Als er een account bij deze gegevens hoort, hebben we een e-mail gestuurd met een link om een nieuw wachtwoord in te stellen. De link is 30 minuten geldig.',
  mailResetTitle: 'Nieuw wachtwoord instellen',
  mailReset: (link: string) =>
    `Stel een nieuw wachtwoord in via ${link}\nDe link is 30 minuten geldig en werkt één keer. Heb je dit niet gevraagd? Dan kun je dit bericht negeren.`,
  resetTitle: 'Nieuw wachtwoord',
  newPassword: 'Nieuw wachtwoord',
  repeatPassword: 'Nieuw wachtwoord herhalen',
  passwordsDiffer: 'De twee nieuwe wachtwoorden zijn niet gelijk.',
  savePassword: 'Wachtwoord opslaan',
  mailPasswordChangedTitle: 'Je wachtwoord is gewijzigd',
  mailPasswordChanged: 'Het wachtwoord van je account is zojuist gewijzigd. Was jij dit niet? Neem dan contact op met de beheerder.',
  passwordChangedTitle: 'Wachtwoord gewijzigd',
  passwordChanged: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen met het nieuwe wachtwoord.',
  unlockIntro:
    'Vul je gebruikersnaam of e-mailadres in. Is je account geblokkeerd, dan krijg je een e-mail met een link om het te ontgrendelen.',
  unlockSent:
    'Als er een geblokkeerd account bij deze gegevens hoort, hebben we een e-mail gestuurd met een link om het te ontgrendelen. De link is 30 minuten geldig.',
  mailUnlock: (link: string) =>
    `Je account is geblokkeerd na te veel mislukte inlogpogingen. Ontgrendel het via ${link}\nDe link is 30 minuten geldig en werkt één keer.`,
  unlockText: 'Ontgrendel je account om weer te kunnen inloggen.',
  unlock: 'Ontgrendelen',
  unlockedTitle: 'Account ontgrendeld',
  unlocked: 'Je account is ontgrendeld. Je kunt weer inloggen.',

  passwordRule: `Minstens ${MIN_PASSWORD_LENGTH} tekens, niet je gebruikersnaam en geen veelgebruikt wachtwoord.`,
  passwordProblem: {
    too_short: `Het wachtwoord moet minstens ${MIN_PASSWORD_LENGTH} tekens lang zijn.`,
    contains_user_name: 'Het wachtwoord mag je gebruikersnaam niet bevatten.',
    common_password: 'Dit wachtwoord komt te vaak voor; kies een ander.',
    same_as_current: 'Het nieuwe wachtwoord moet anders zijn dan het huidige.',
  } satisfies Record<PasswordProblem, string>,
};

export type Texts = typeof nl;

const en: Texts = {
  backToSignIn: 'Back to sign-in',
  checkFields: 'Check the marked fields.',
  checkField: 'Check the marked field.',
  formExpiredTitle: 'Form expired',
  formExpired: 'This form has expired. Please try again.',
  formExpiredOpenMail: 'This form has expired. Open the link from the e-mail again.',
  linkBroken: 'Link does not work',
  linkExpired: 'This link has expired. Request a new one.',
  linkUsed: 'This link is not valid or has been used already.',
  newLink: 'Request a new link',
  checkMail: 'Check your e-mail',
  notFoundTitle: 'Page not found',
  notFound: 'This page does not exist.',
  failed: 'Something went wrong. Please try again later.',

  signIn: 'Sign in',
  userName: 'User name',
  password: 'Password',
  forgotPassword: 'Forgot your password?',
  requestAccount: 'Request an account',
  cancel: 'Cancel',
  loginError: 'Unknown user name or wrong password.',
  lockedError: 'This account is locked after too many failed sign-in attempts.',
  unlockAccount: 'Unlock account',
  signOut: 'Sign out',
  signingOut: 'You are being signed out.',
  signedOutTitle: 'Signed out',
  signedOut: 'You are signed out. You can close this window.',
  errorTitle: 'Something went wrong',
  errorText: 'Signing in could not be completed. Go back to the application and try again.',
  attemptExpired: 'This sign-in attempt has expired.',
  unknownStep: (step) => `Unknown step: ${step}`,
  cancelled: 'Sign-in was cancelled.',

  givenName: 'First name',
  familyName: 'Last name',
  email: 'E-mail address',
  givenNameError: 'Enter your first name (at most 50 characters).',
  familyNameError: 'Enter your last name (at most 50 characters).',
  emailError: 'Enter a valid e-mail address.',
  userNameError: 'Use 3 to 30 letters, digits, dots, hyphens or underscores.',
  requestIntro: 'Request an account. You will get an e-mail to confirm the request.',
  requestAgain: 'Request again',
  requestSent: 'We have sent an e-mail to the address you gave. Follow the link in that e-mail to complete your request.',
  confirmRequest: 'Confirm request',
  confirmRequestText: (userName) => `Confirm the request for user name "${userName}".`,
  requestStale: 'This request can no longer be completed. Request an account again.',
  accountCreatedTitle: 'Account created',
  accountCreated:
    'Your account has been created and you can sign in now. Until an administrator gives you a role, you will not see any sections yet.',
  mailAlreadyTitle: 'You already have an account',
  mailAlready: (link) =>
    `Someone tried to request an account with this e-mail address, but there already is an account with this address.\nForgot your password? Request a new one at ${link}\nWasn't you? Then you can ignore this message.`,
  mailUserNameTakenTitle: 'Request not completed',
  mailUserNameTaken: (userName, link) =>
    `The user name "${userName}" is not available. Request an account again with another user name at ${link}`,
  mailConfirmTitle: 'Confirm your request',
  mailConfirm: (givenName, link) =>
    `Welcome, ${givenName}. Confirm your request at ${link}\nThe link is valid for 24 hours and works once.`,

  loginField: 'User name or e-mail address',
  loginFieldError: 'Enter your user name or e-mail address.',
  sendLink: 'Send link',
  forgotTitle: 'Forgot your password',
  forgotIntro: 'Enter your user name or e-mail address. You will get an e-mail with a link to set a new password.',
  forgotSent:
    'If there is an account with these details, we have sent an e-mail with a link to set a new password. The link is valid for 30 minutes.',
  mailResetTitle: 'Set a new password',
  mailReset: (link) =>
    `Set a new password at ${link}\nThe link is valid for 30 minutes and works once. Didn't ask for this? Then you can ignore this message.`,
  resetTitle: 'New password',
  newPassword: 'New password',
  repeatPassword: 'Repeat new password',
  passwordsDiffer: 'The two new passwords are not the same.',
  savePassword: 'Save password',
  mailPasswordChangedTitle: 'Your password has been changed',
  mailPasswordChanged: "Your account's password has just been changed. Wasn't you? Then contact your administrator.",
  passwordChangedTitle: 'Password changed',
  passwordChanged: 'Your password has been changed. You can sign in with the new password now.',
  unlockIntro: 'Enter your user name or e-mail address. If your account is locked, you will get an e-mail with a link to unlock it.',
  unlockSent:
    'If there is a locked account with these details, we have sent an e-mail with a link to unlock it. The link is valid for 30 minutes.',
  mailUnlock: (link) =>
    `Your account is locked after too many failed sign-in attempts. Unlock it at ${link}\nThe link is valid for 30 minutes and works once.`,
  unlockText: 'Unlock your account to be able to sign in again.',
  unlock: 'Unlock',
  unlockedTitle: 'Account unlocked',
  unlocked: 'Your account has been unlocked. You can sign in again.',

  passwordRule: `At least ${MIN_PASSWORD_LENGTH} characters, not your user name and not a common password.`,
  passwordProblem: {
    too_short: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    contains_user_name: 'The password must not contain your user name.',
    common_password: 'This password is too common; choose another one.',
    same_as_current: 'The new password must differ from the current one.',
  },
};

export const TEXTS: Record<Language, Texts> = { nl, en };

/** The first language of a list (`ui_locales`: space-separated BCP 47 tags, RFC 5646) that the pages speak. */
export function languageFrom(list: string | undefined): Language | undefined {
  for (const tag of (list ?? '').split(/\s+/)) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'nl' || primary === 'en') return primary;
  }
  return undefined;
}

/** Remembers the language of a flow for its next pages (registration, recovery) in this browser. */
export const LANGUAGE_COOKIE = 'idp_lang';

export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax; HttpOnly; Max-Age=31536000`;
}

/** The language a Cookie header remembers, if any. */
export function cookieLanguage(header: string | undefined): Language | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(header ?? '');
  return languageFrom(match?.[1]);
}

/** A page's language: the request's `ui_locales`, else what the browser's last flow asked for, else Dutch. */
export function pageLanguage(uiLocales: string | undefined, cookieHeader: string | undefined): Language {
  return languageFrom(uiLocales) ?? cookieLanguage(cookieHeader) ?? 'nl';
}

/** A link of these pages that keeps the language, in a mail or from one page to the next. */
export function withLanguage(link: string, language: Language): string {
  return `${link}${link.includes('?') ? '&' : '?'}ui_locales=${language}`;
}
