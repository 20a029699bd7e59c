/**
 * The texts the browser tests look for, by the screen that shows them. A
 * changed wording is changed here once, and a test reads what a person
 * reads. Dutch is the source; EN holds the few English texts the tests
 * check after a switch of language.
 */
export const NL = {
  /** The start-up screen, painted by index.html before any code has run. */
  busy: 'Bezig met laden…',
  /**
   * The busy indicator in either language: the culture cookie's as soon as its catalog is in, and after three
   * seconds naming what it waits for ("Bezig met laden: je gegevens…").
   */
  busyAny: /^(?:Bezig met laden|Loading)(?:…|: .+…)$/,

  startup: {
    failed: 'De applicatie kon niet starten',
    retry: 'Opnieuw proberen',
    configMissing: 'Het configuratiebestand van de applicatie ontbreekt op de server. Neem contact op met de beheerder.',
    configUnreachable:
      'Het configuratiebestand van de applicatie kon niet worden opgehaald. Controleer de verbinding en probeer het opnieuw.',
    configNotJson: 'Het configuratiebestand van de applicatie is onleesbaar (geen geldige JSON). Neem contact op met de beheerder.',
    configInvalid: (field: string) =>
      `Het configuratiebestand van de applicatie is ongeldig: het veld "${field}" klopt niet. Neem contact op met de beheerder.`,
    /** The invalid-config message for whichever field. */
    configInvalidAnyField:
      /^Het configuratiebestand van de applicatie is ongeldig: het veld ".+" klopt niet\. Neem contact op met de beheerder\.$/,
    unauthorized: 'Je sessie is verlopen. Probeer het opnieuw; je wordt daarna gevraagd opnieuw in te loggen.',
    forbidden: 'Je hebt geen toegang tot deze omgeving. Neem contact op met de beheerder.',
    server: 'Er ging iets mis op de server. Probeer het over een ogenblik opnieuw.',
    malformed: 'De server gaf een onverwacht antwoord. Probeer het opnieuw of neem contact op met de beheerder.',
    /** The busy screen while start-up waits for a server that gave no answer. */
    waiting: 'Geen verbinding met de server. De applicatie start vanzelf zodra die er weer is.',
    /** Under the busy label once start-up has taken a few seconds: that it does, and the step it waits for. */
    slow: 'Dit duurt langer dan normaal.',
    slowSteps: {
      config: 'Wachten op de instellingen van de server.',
      userConfiguration: 'Wachten op je rechten en instellingen.',
      session: 'Wachten op je sessie.',
      language: 'Wachten op de teksten in je taal.',
    },
  },

  login: {
    heading: 'Inloggen',
    signIn: 'Inloggen',
    signInToHost: 'Inloggen bij centraal beheer',
    /** Where the sign-in goes: "Je komt in de omgeving Default." */
    goesTo: (tenancyName: string) => `Je komt in de omgeving ${tenancyName}.`,
    /** Why the person is on the login page (`?reason=`). */
    signedOut: 'Je bent uitgelogd.',
    signedOutIdle: 'Je bent automatisch uitgelogd omdat je een tijd niets hebt gedaan.',
    failed: 'Inloggen is niet gelukt. Probeer het opnieuw.',
    /** "Annuleren" at the provider. */
    cancelled: 'Inloggen geannuleerd.',
  },

  tenant: {
    /** ABP's length rule for the environment's short name, in the app's words. */
    tooLong: 'Gebruik hoogstens 64 tekens.',
    change: 'Wijzigen',
    field: 'Korte naam van de omgeving (leeg voor centraal beheer)',
    save: 'Opslaan',
    host: 'Centraal beheer',
    current: (name: string) => `Omgeving: ${name}`,
    unknown: (name: string) => `Er is geen omgeving met de naam "${name}".`,
    checkFailed: 'De omgeving kon niet worden gecontroleerd. Probeer het opnieuw.',
    notSwitched: 'De omgeving kon niet worden gewijzigd. Probeer het over een ogenblik opnieuw.',
  },

  callback: {
    waiting: 'Wachten op bevestiging van login.',
    /** The heading after the 5 s rule or a failure. */
    slow: 'Inloggen lijkt niet te lukken. Probeer het opnieuw.',
    retry: 'Opnieuw proberen',
    notActiveTitle: 'Account niet actief',
    notActive: 'Je account is niet actief',
    /** The local stack's environment is Default: the message names it. */
    notActiveFull:
      'Je account is niet actief: het is nog niet geactiveerd, of het is gedeactiveerd. Vraag een beheerder van Default om het te activeren; daarna kun je inloggen.',
    noTransaction: 'Deze inlogpoging is verlopen of al gebruikt. Log opnieuw in.',
    stateMismatch: 'Het antwoord van de inlogdienst hoort niet bij deze inlogpoging. Log opnieuw in.',
    nonceMismatch: 'Het antwoord van de inlogdienst hoort niet bij deze inlogpoging. Log opnieuw in.',
    accessDenied: 'Inloggen is geannuleerd of geweigerd.',
    issuerMismatch: 'Het antwoord kwam niet van de verwachte inlogdienst. Log opnieuw in.',
    audienceMismatch: 'Het antwoord van de inlogdienst was niet voor deze applicatie bestemd. Log opnieuw in.',
    tokenExpired: 'Het inlogbewijs is verlopen. Controleer de klok van je computer en log opnieuw in.',
    invalidToken: 'Het inlogbewijs is ongeldig. Log opnieuw in.',
    providerError: 'De inlogdienst meldde een fout. Probeer het opnieuw.',
    providerUnreachable: 'De inlogdienst is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
    backendRejected: 'De server heeft de inlog niet geaccepteerd. Neem contact op met de beheerder als dit blijft gebeuren.',
    backendUnreachable:
      'De inlogdienst heeft je herkend, maar de server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
    backendTimeout: 'De inlogdienst heeft je herkend, maar de server reageerde niet op tijd. Probeer het over een ogenblik opnieuw.',
    sessionFailed: 'Je bent ingelogd, maar je gegevens konden niet worden geladen. Probeer het over een ogenblik opnieuw.',
  },

  /** The provider's own pages (devstack/provider/pages.ts). */
  provider: {
    userName: 'Gebruikersnaam',
    password: 'Wachtwoord',
    signIn: 'Inloggen',
    cancel: 'Annuleren',
  },

  shell: {
    /** Home greets admin by name. */
    welcome: 'Welkom, Beheerder',
    /** Home, whoever is signed in. */
    welcomeAnyone: /^Welkom/,
    /** Home greets someone else by the first name. */
    welcomeOf: (firstName: string) => new RegExp(`^Welkom, ${firstName}`),
    sections: 'Onderdelen',
    menu: 'Menu',
    language: 'Taal',
    signOut: 'Uitloggen',
    about: 'Over de applicatie',
    myAccount: 'Mijn account',
    /** The tab's title of a page. */
    title: (page: string) => `${page} · Medewerkersportaal`,
    homeTitle: 'Start',
    languageFailed: 'De taal kon niet worden gewijzigd. Probeer het opnieuw.',
    fetchFailed: 'De gegevens van de server konden niet worden opgehaald.',
  },

  /** The business sections in the order the server lists them for admin. */
  section: {
    verkoop: 'Verkoop',
    crm: 'Klantrelaties',
    uitvoering: 'Uitvoering',
    marketing: 'Marketing',
    zakelijk: 'Zakelijk',
    admin: 'Administratie',
    beheer: 'Beheer',
    wvb: 'Werkvoorbereiding',
  },

  home: {
    /** The heading above the tiles of the sections the person may open. */
    tiles: 'Je onderdelen',
    /** Someone signed in who may open no section. */
    noSections: 'Je hebt nog geen toegang tot een onderdeel',
    askAdministratorOf: (company: string) => `Vraag een beheerder van ${company} om je een rol te geven`,
    /** Below it: where the person is, and the way to another environment. */
    youAreIn: (environment: string) =>
      `Je bent in de omgeving ${environment}. Hoort je account bij een andere omgeving of bij centraal beheer?`,
    chooseEnvironment: 'Kies een andere omgeving',
  },

  beheer: {
    users: 'Gebruikers',
    roles: 'Rollen en rechten',
    tenants: 'Omgevingen',
    searchField: 'Zoeken op naam, gebruikersnaam of e-mail',
    searchHint: 'Voornaam, achternaam, gebruikersnaam of e-mailadres; een deel is genoeg, hoofdletters maken niet uit.',
    /** The form's alert for any validation answer: the fields say the rest. */
    fieldsWrong: 'Niet alle velden zijn goed ingevuld. Verbeter wat bij de velden staat en probeer het opnieuw.',
    required: 'Vul dit veld in.',
    tenancyNamePattern: 'Begin met een letter en gebruik daarna alleen letters, cijfers, - of _ (minstens 2 tekens, geen spaties).',
    roleNameTaken: 'Er is al een rol met deze naam. Kies een andere naam.',
    usersActivation: 'Accounts activeren en deactiveren',
    deleted: (name: string) => `${name} is verwijderd en kan niet meer inloggen.`,
    personGone: 'Deze persoon bestaat niet (meer)',
    toUserList: 'Naar de lijst van gebruikers',
    comingLater: 'In voorbereiding',
    search: 'Zoeken',
    show: 'Toon',
    save: 'Opslaan',
    saved: 'Opgeslagen.',
    activate: 'Activeren',
    deactivate: 'Deactiveren',
    /** Read back after a write: someone else changed it right after (src/beheer/users.lazy.tsx ChangedAfterWrite). */
    changedAfterWrite: 'Iemand anders heeft dit vlak na jou gewijzigd',
    restore: 'Jouw versie terugzetten',
    restored: 'Jouw versie is teruggezet.',
    leave: 'Zo laten',
    /** The status this tab set, undone by a save from an older read and put back (src/beheer/users.lazy.tsx). */
    putBackDeactivation: (fullName: string) =>
      `Iemand anders sloeg ${fullName} tegelijk met jou op, vanuit gegevens van vóór jouw deactivering, en maakte het account daarmee weer actief. Je deactivering is teruggezet; de ander krijgt dat te zien.`,
    /** Read back after a save: a status the save did not set, changed around it. */
    statusChangedWhileSaving: (fullName: string) =>
      `De status heb je niet gewijzigd: iemand anders heeft ${fullName} gedeactiveerd terwijl je opsloeg, of vlak daarna.`,
    /** Gebruikers while a list on screen is read again. */
    refreshing: 'De lijst wordt bijgewerkt',
    newRole: 'Nieuwe rol',
    createRole: 'Rol aanmaken',
    roleName: 'Naam (voor het systeem)',
    roleDisplayName: "Naam zoals collega's hem zien",
    userName: 'Gebruikersnaam',
    next: 'Volgende',
    previous: 'Vorige',
    /** The list's count: "21–40 van 64". */
    range: (first: number, last: number, total: number) => `${first}–${last} van ${total}`,
  },

  /** Omgevingen: a new environment and its handover to the first administrator. */
  handover: {
    newEnvironment: 'Nieuwe omgeving',
    name: 'Naam',
    shortName: 'Korte naam',
    firstAdminEmail: 'E-mailadres van de eerste beheerder',
    create: 'Omgeving aanmaken',
    code: 'Overdrachtscode',
    give: 'Beheerrechten geven',
    notSignedInYet: (email: string, environment: string) => `Met ${email} heeft nog niemand ingelogd in ${environment}.`,
    granted: (person: string, environment: string) => `${person} is nu beheerder van ${environment}.`,
    made: (environment: string) => `Omgeving ${environment} is aangemaakt.`,
    panel: 'Overdracht aan de eerste beheerder',
    answerLost: 'Er kwam geen antwoord toen de overdrachtscode het wachtwoord van de ingebouwde beheerder werd.',
    checkAndGoOn: 'Code controleren en doorgaan',
    keptWorks: 'De bewaarde code werkt; die staat weer in het veld.',
    thisIsKept: 'Dit is de bewaarde code.',
    noted: 'Ik heb de code genoteerd',
    notKeptNow: 'De code wordt niet meer in dit tabblad bewaard.',
    askNotedCode: 'Vul de overdrachtscode in die je hebt genoteerd.',
    copy: 'Code kopiëren',
    leaveQuestion: (environment: string) => `De overdracht van ${environment} is nog niet klaar.`,
    stay: 'Blijven',
    nameMissing: 'Vul de naam van de omgeving in.',
    shortNameMissing: 'Vul een korte naam in.',
    emailMissing: 'Vul het e-mailadres in waarmee de eerste beheerder inlogt.',
  },

  /** Two administrators at once (src/edits/OtherChanges.tsx). */
  otherChanges: {
    title: 'Iemand anders heeft dit intussen gewijzigd',
    keepMine: 'Mijn versie opslaan',
    takeTheirs: 'Hun wijzigingen overnemen',
    review: 'Eerst bekijken',
  },

  language: {
    /** Under the select, for someone who may not save a language at the backend. */
    deviceOnly: 'Deze taal geldt alleen op dit apparaat, in deze browser. Op een ander apparaat kies je de taal daar.',
    failed: 'De taal kon niet worden gewijzigd. Probeer het opnieuw.',
  },

  errorPage: {
    notFound: 'Pagina niet gevonden',
    noAccess: 'Geen toegang',
    toHome: 'Naar de startpagina',
    pageFailed: 'Deze pagina kon niet worden geladen',
    pageFailedHint: 'Controleer de verbinding en probeer het opnieuw.',
    /** Offline, under pageFailed: a page whose code was never fetched on this device. */
    needsConnection: 'Zonder verbinding kan ze niet worden geladen. Ze opent vanzelf zodra de verbinding terug is.',
    needsServer: 'Zolang de server niet bereikbaar is, kan ze niet worden geladen. Ze opent vanzelf zodra de server weer antwoordt.',
    retry: 'Opnieuw proberen',
  },

  about: {
    version: 'Versie',
    releaseDate: 'Releasedatum',
    tenant: 'Omgeving',
    language: 'Taal',
    dutch: 'Nederlands',
    build: 'Build',
  },

  /** Mijn account. */
  account: {
    /** The last button of the page. */
    changePassword: 'Wachtwoord wijzigen',
    saveName: 'Naam opslaan',
    /** The org token is someone else's: another person signed in at the provider in this browser. */
    otherPerson:
      'Bij de inlogdienst is in deze browser iemand anders ingelogd dan jij. Mijn account laat daarom niets zien en wijzigt niets.',
    signInAsSelf: 'Bij de inlogdienst inloggen als jezelf',
    /** Okta's step-up challenge (403 insufficient_authentication_context) with max_age=0, said on the form. */
    freshSignIn: 'vraagt de inlogdienst dat je opnieuw inlogt, ook als je net bent ingelogd',
    confirmSelf: 'Bevestigen dat jij het bent',
    currentPassword: 'Huidig wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    repeatPassword: 'Nieuw wachtwoord herhalen',
    /** Change-password answered 401 E0000015: the org lacks it. */
    passwordUnchecked: 'De inlogdienst kan je huidige wachtwoord hier niet controleren.',
    /** The form after that: the reset, which asks no current password. */
    resetNote: 'De inlogdienst vraagt hier niet om je huidige wachtwoord.',
    setPassword: 'Nieuw wachtwoord instellen',
    /** The org server answered consent_required: the org never granted the app the my-account scopes. */
    scopesRefused: 'De inlogdienst geeft deze app geen toegang tot je accountgegevens',
    superAdmin: 'Alleen een Super Admin van de inlogdienst kan de app deze rechten geven',
  },

  update: {
    available: 'Er is een nieuwe versie van de applicatie.',
    now: 'Nu bijwerken',
  },

  connection: {
    region: 'Verbinding',
    offline: 'Je bent offline.',
    unreachable: 'De server is niet bereikbaar.',
    kept: 'Deze pagina blijft zoals ze is.',
    /** Above a page that waits for the connection. */
    pageWaiting: 'Deze pagina opent zodra de verbinding terug is.',
    countdown: /^Opnieuw proberen over \d+ seconden?\.$/,
    tryNow: 'Nu opnieuw proberen',
    restored: 'De verbinding is hersteld.',
  },

  session: {
    renewFailed: 'De verbinding met de inlogdienst is even weg. We proberen je sessie zo opnieuw te verlengen.',
    expired: 'Je sessie is verlopen. Log opnieuw in.',
    signInAgain: 'Opnieuw inloggen',
    /** While the sign-in in the popup is open. */
    pending: 'Log in via het pop-upvenster…',
    /** The popup closed before the sign-in was done. */
    popupClosed: 'Het inlogvenster is gesloten voordat het inloggen klaar was.',
    /** A hidden frame could not see the provider's session on another site: nothing is claimed about it. */
    unseen:
      'Je sessie moet even worden bevestigd bij de inlogdienst. Ben je daar nog ingelogd, dan hoef je niets in te vullen. Deze pagina blijft staan.',
    confirm: 'Sessie bevestigen',
    /** A refresh refused as invalid_dpop_proof: the refresh token is bound to a key this browser no longer holds. */
    keyLost:
      'Deze browser heeft de beveiligingssleutel van je sessie niet meer (bijvoorbeeld nadat websitegegevens zijn gewist), dus de inlogdienst verlengt je sessie niet. Log opnieuw in; deze pagina blijft staan.',
    /** A request refused in the middle of the work after the session could not be repaired. */
    expiredMidWork: 'Je sessie is verlopen. Log opnieuw in om verder te gaan',
  },

  impersonation: {
    banner: 'Je werkt namens iemand anders',
    actingAs: (fullName: string, userName: string, impersonatorId: number) =>
      `Je werkt nu als ${fullName} (${userName}), namens gebruiker ${impersonatorId}`,
    backToOwn: 'Terug naar je eigen account',
    noWayBack: 'Deze server kan niet terug naar je eigen account. Log uit en log opnieuw in met je eigen account.',
  },

  inactivity: {
    warning: 'Ben je er nog?',
    stay: 'Ingelogd blijven',
  },
} as const;

/** English, where a test checks the switch of language. */
export const EN = {
  login: { heading: 'Sign in' },
  startup: {
    retry: 'Try again',
    waiting: 'No connection to the server. The application starts by itself as soon as it is back.',
    slow: 'This is taking longer than usual.',
    slowSteps: {
      config: "Waiting for the server's settings.",
      userConfiguration: 'Waiting for your permissions and settings.',
      session: 'Waiting for your session.',
      language: 'Waiting for the texts in your language.',
    },
  },
  tenant: {
    change: 'Change',
    field: 'Short name of the environment (empty for central administration)',
    save: 'Save',
    host: 'Central administration',
    current: (name: string) => `Environment: ${name}`,
    notSwitched: 'The environment could not be changed. Try again in a moment.',
  },
  shell: {
    welcome: 'Welcome, Beheerder',
    welcomeOf: (firstName: string) => new RegExp(`^Welcome, ${firstName}`),
    sections: 'Sections',
    menu: 'Menu',
    language: 'Language',
    signOut: 'Sign out',
  },
  section: { verkoop: 'Sales' },
  language: {
    deviceOnly: 'This language applies only on this device, in this browser. On another device you choose the language there.',
  },
  /** The provider's pages when the app asked for English (ui_locales). */
  provider: {
    userName: 'User name',
    password: 'Password',
    signIn: 'Sign in',
    title: 'Sign in · Staff portal',
  },
} as const;

/** Words of the API (ABP's, in English) that the app shows as they come. */
export const API = {
  internalError: 'An internal error occurred during your request!',
} as const;

/** The text as a pattern that matches it literally. */
export function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches any of the texts, whole: for a control whose name depends on the language. */
export function oneOf(...texts: string[]): RegExp {
  return new RegExp(`^(${texts.map(escaped).join('|')})$`);
}
