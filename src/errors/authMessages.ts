import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuthErrorKind } from '../auth/authError.ts';

/** The Dutch sentence a person reads for each identity failure. */
export const authMessages: Record<AuthErrorKind, MessageDescriptor> = {
  'not-configured': msg`Inloggen is niet ingesteld: het adres van de inlogdienst of de client-id ontbreekt in de configuratie. Neem contact op met de beheerder.`,
  'provider-unreachable': msg`De inlogdienst is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.`,
  'state-mismatch': msg`Het antwoord van de inlogdienst hoort niet bij deze inlogpoging. Log opnieuw in.`,
  'no-transaction': msg`Deze inlogpoging is verlopen of al gebruikt. Log opnieuw in.`,
  'provider-error': msg`De inlogdienst meldde een fout. Probeer het opnieuw.`,
  'access-denied': msg`Inloggen is geannuleerd of geweigerd.`,
  'issuer-mismatch': msg`Het antwoord kwam niet van de verwachte inlogdienst. Log opnieuw in.`,
  'audience-mismatch': msg`Het antwoord van de inlogdienst was niet voor deze applicatie bestemd. Log opnieuw in.`,
  'nonce-mismatch': msg`Het antwoord van de inlogdienst hoort niet bij deze inlogpoging. Log opnieuw in.`,
  'token-expired': msg`Het inlogbewijs is verlopen. Controleer de klok van je computer en log opnieuw in.`,
  'invalid-token': msg`Het inlogbewijs is ongeldig. Log opnieuw in.`,
  'invalid-refresh-token': msg`Je sessie is verlopen. Log opnieuw in.`,
  // Okta's invalid_dpop_proof on a refresh: the refresh token is bound to a key this browser no longer has (site data cleared, another browser profile).
  'dpop-key-lost': msg`Deze browser heeft de beveiligingssleutel van je sessie niet meer (bijvoorbeeld nadat websitegegevens zijn gewist), dus de inlogdienst verlengt je sessie niet. Log opnieuw in; deze pagina blijft staan.`,
  'provider-session-unseen': msg`Je sessie moet even worden bevestigd bij de inlogdienst. Ben je daar nog ingelogd, dan hoef je niets in te vullen. Deze pagina blijft staan.`,
  timeout: msg`Inloggen duurde te lang en is afgebroken. Probeer het opnieuw.`,
  'popup-blocked': msg`Het inlogvenster werd geblokkeerd. Sta pop-ups toe voor deze site of log opnieuw in via de inlogpagina.`,
  'popup-closed': msg`Het inlogvenster is gesloten voordat het inloggen klaar was.`,
  'backend-rejected': msg`De server heeft de inlog niet geaccepteerd. Neem contact op met de beheerder als dit blijft gebeuren.`,
  'backend-unreachable': msg`De inlogdienst heeft je herkend, maar de server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.`,
  'backend-timeout': msg`De inlogdienst heeft je herkend, maar de server reageerde niet op tijd. Probeer het over een ogenblik opnieuw.`,
  'session-failed': msg`Je bent ingelogd, maar je gegevens konden niet worden geladen. Probeer het over een ogenblik opnieuw.`,
  // ABP answers a never-activated and a deactivated account alike: one sentence for both, and whom to ask (the callback names the environment when it knows it).
  'not-active': msg`Je account is niet actief: het is nog niet geactiveerd, of het is gedeactiveerd. Vraag een beheerder van je omgeving om het te activeren; daarna kun je inloggen.`,
  'tenant-inactive': msg`Deze omgeving is niet actief. Kies op de inlogpagina een andere omgeving of neem contact op met de beheerder.`,
  'no-tenant': msg`Je hebt nog geen omgeving gekozen, en zonder omgeving laat de server je niet binnen. Kies op de inlogpagina je omgeving en log opnieuw in.`,
};

/** The sentence for a failure's kind, when it is one of the sign-in's (a machine carries the kind as text). */
export function authMessageOf(kind: string | undefined): MessageDescriptor | undefined {
  return kind === undefined ? undefined : new Map(Object.entries(authMessages)).get(kind);
}
