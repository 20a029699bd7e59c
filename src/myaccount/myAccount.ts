import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import type { Describable, ErrorView } from '../errors/describeError.ts';
import { isJsonObject, textOf } from '../lib/json.ts';
import {
  ACCEPT,
  CAUSES,
  challengeError,
  OPERATIONS,
  operationPath,
  reauthenticationDemands,
  type OperationName,
} from './operations.lazy.ts';

// The provider's my-account API as Okta publishes it (okta-auth-js
// lib/myaccount; the table in operations.lazy.ts): the person's profile,
// e-mail addresses, phone numbers and password, with an access token of its
// own (the org authorization server's, okta.myAccount scopes), never the API's token, sent
// with the DPoP scheme and a proof when it is bound to this browser's key.

/**
 * The issuer of Okta's org authorization server, where Mijn account gets its
 * token: `auth.myAccount.issuer`, or the sign-in issuer without
 * `/oauth2/<id>` (a custom authorization server's path in its org).
 */
export function myAccountIssuer(config: AuthConfig): string | undefined {
  return config.myAccount?.issuer ?? config.issuer?.replace(/\/oauth2\/[^/]+\/?$/, '');
}

/** Okta serves it at its org's own origin, whatever authorization server signs people in. */
export function myAccountUrl(config: AuthConfig): string {
  return `${new URL(myAccountIssuer(config) ?? '').origin}/idp/myaccount`;
}

/** The person as the provider keeps them (`/profile`). */
export interface MyAccountProfile {
  firstName: string;
  lastName: string;
  email: string;
  login: string;
}

/** What Mijn account shows: the profile and the phone numbers the person has confirmed. */
export interface MyAccount {
  profile: MyAccountProfile;
  phoneNumbers: string[];
}

/** An e-mail address or phone number waiting for the code the provider sent to it. */
export interface PendingContact {
  /** Where the code went, as the provider writes it. */
  to: string;
  /** A number added earlier and never confirmed: no code went out now; `resend` sends one. */
  unconfirmedBefore?: boolean;
  verify(code: string): Promise<void>;
  /** A new code, the earlier one no longer valid. */
  resend(): Promise<void>;
}

/**
 * What went wrong: Okta's errorCode (`E0000…`), or what went wrong before
 * it could answer: `network`, `session_ended`, `scope_refused` (the org has
 * not granted the my-account scopes), `connect` (no token without a
 * first-party visit to the provider), `recent_authentication` (a change
 * needs a sign-in at most 15 minutes old), `other_person` (the provider's
 * session is someone else's), `unbound` (this tab cannot tell who signed
 * in), `change_password_unavailable` (the org lacks change-password: 401
 * E0000015), `malformed`.
 */
export type MyAccountErrorCode = string;

const MESSAGES: Record<string, MessageDescriptor> = {
  network: msg`De inlogdienst is niet bereikbaar. Wat je hebt ingevuld blijft staan; probeer het opnieuw zodra de verbinding terug is.`,
  session_ended: msg`Je sessie bij de inlogdienst is afgelopen. Log opnieuw in om je gegevens te bekijken.`,
  connect: msg`Je browser laat de inlogdienst hier niet zien dat je bent ingelogd. Open de verbinding met één klik; er opent een klein venster van de inlogdienst.`,
  recent_authentication: msg`Voor deze wijziging vraagt de inlogdienst om een recente inlog (hoogstens 15 minuten geleden). Bevestig dat jij het bent; daarna gaat je wijziging alsnog door en blijft wat je hebt ingevuld staan.`,
  other_person: msg`Bij de inlogdienst is in deze browser iemand anders ingelogd dan jij. Mijn account laat daarom niets zien en wijzigt niets. Log bij de inlogdienst in als jezelf (de knop hieronder) en probeer het opnieuw.`,
  unbound: msg`In dit tabblad is niet na te gaan wie er bij de inlogdienst is ingelogd. Mijn account laat daarom niets zien en wijzigt niets. Log uit en log opnieuw in, of open Mijn account in het tabblad waarin je inlogde.`,
  popup_blocked: msg`Je browser blokkeerde het venster van de inlogdienst.`,
  malformed: msg`De inlogdienst gaf een onverwacht antwoord. Probeer het opnieuw of neem contact op met de beheerder.`,
  E0000001: msg`Niet alle velden zijn goed ingevuld. Verbeter wat hieronder staat en probeer het opnieuw.`,
  E0000004: msg`De code klopt niet. Kijk de code na en probeer het opnieuw.`,
  E0000006: msg`De inlogdienst staat deze wijziging voor je account niet toe. Vraag de beheerder om toegang.`,
  E0000007: msg`Dit bestaat niet (meer). Ververs de pagina en probeer het opnieuw.`,
  E0000008: msg`Dit bestaat niet (meer). Ververs de pagina en probeer het opnieuw.`,
  E0000011: msg`Je gegevens bij de inlogdienst zijn nu niet te openen. Probeer het opnieuw; lukt het niet, log dan opnieuw in.`,
  E0000015: msg`Mijn account is bij deze inlogdienst niet ingeschakeld. Vraag de beheerder om de MyAccount-API aan te zetten.`,
  change_password_unavailable: msg`De inlogdienst kan je huidige wachtwoord hier niet controleren. Je kunt een nieuw wachtwoord instellen zonder je huidige: dat steunt op een recente inlog bij de inlogdienst; vraagt die om een nieuwe, dan bevestig je eerst dat jij het bent.`,
  E0000038: msg`De inlogdienst staat dit nu niet toe voor je account.`,
  E0000047: msg`Je hebt net al een code gevraagd. Probeer het over een halve minuut opnieuw.`,
  E0000138: msg`De inlogdienst kon de code niet versturen. Probeer het over een ogenblik opnieuw.`,
  E0000157: msg`Dit adres of nummer staat al bij je account.`,
};
/** Okta's step-up with `max_age=0`: an authentication made for this change, however recent the last one. */
const FRESH_AUTHENTICATION = msg`Voor deze wijziging vraagt de inlogdienst dat je opnieuw inlogt, ook als je net bent ingelogd. Bevestig dat jij het bent; daarna gaat je wijziging alsnog door en blijft wat je hebt ingevuld staan.`;
const UNKNOWN = msg`De inlogdienst kon dit niet verwerken. Probeer het opnieuw of neem contact op met de beheerder.`;

/** Okta's English cause sentences, recognised: the field they are about and our words for them. */
const CAUSE_TEXTS: { match: (sentence: string) => string | undefined; field?: string; text: MessageDescriptor }[] = [
  { match: (s) => /^(\w+): The field cannot be left blank$/.exec(s)?.[1], text: msg`Vul dit veld in.` },
  { match: (s) => /^(\w+): The field cannot exceed/.exec(s)?.[1], text: msg`Dit is te lang (hoogstens 50 tekens).` },
  { match: (s) => (s === CAUSES.invalidEmail ? 'email' : undefined), text: msg`Vul een geldig e-mailadres in.` },
  {
    match: (s) => (s === CAUSES.invalidPhone ? 'phoneNumber' : undefined),
    text: msg`Vul een geldig telefoonnummer in, bijvoorbeeld +31612345678.`,
  },
  {
    match: (s) => (/^The email .* is already registered to the current user profile\.$/.test(s) ? 'email' : undefined),
    text: msg`Dit e-mailadres staat al bij je account.`,
  },
  { match: (s) => (s === CAUSES.phoneExists ? 'phoneNumber' : undefined), text: msg`Dit telefoonnummer staat al bij je account.` },
  { match: (s) => (s === CAUSES.wrongCode ? 'verificationCode' : undefined), text: msg`De code klopt niet.` },
  { match: (s) => (s === CAUSES.expiredCode ? 'verificationCode' : undefined), text: msg`De code is verlopen. Vraag een nieuwe code aan.` },
  {
    match: (s) => (s === CAUSES.tooManyAttempts ? 'verificationCode' : undefined),
    text: msg`Te vaak een verkeerde code ingevoerd. Vraag een nieuwe code aan.`,
  },
  {
    match: (s) => (s === CAUSES.noTransaction ? 'verificationCode' : undefined),
    text: msg`Er staat geen code meer open. Vraag een nieuwe code aan.`,
  },
  { match: (s) => (s === CAUSES.wrongOldPassword ? 'oldPassword' : undefined), text: msg`Je huidige wachtwoord klopt niet.` },
  {
    match: (s) => (s.startsWith('password: Password requirements were not met.') ? 'newPassword' : undefined),
    text: msg`Het nieuwe wachtwoord voldoet niet aan de regels van de inlogdienst: minstens 8 tekens, niet je gebruikersnaam, geen veelgebruikt wachtwoord en niet je huidige wachtwoord.`,
  },
];
/** A cause we do not know: the field it names (Okta's `field: sentence`) gets a general Dutch sentence. */
const UNKNOWN_CAUSE = msg`De inlogdienst accepteert dit niet.`;
const PROFILE_MISMATCH = msg`Je profiel bij de inlogdienst heeft velden die deze app niet kent. Ververs de pagina en probeer het opnieuw; lukt het niet, neem dan contact op met de beheerder.`;

/** Where a cause sentence is about a field of the form, which field, and our words for it. */
function placeCause(sentence: string, i18n: I18n): { field?: string; text: string } {
  for (const known of CAUSE_TEXTS) {
    const field = known.match(sentence);
    if (field) return { field, text: i18n._(known.text) };
  }
  if (/^Property '.*' (needs a value passed|is read only|does not exist)/.test(sentence)) return { text: i18n._(PROFILE_MISMATCH) };
  return { field: /^(\w+): /.exec(sentence)?.[1], text: i18n._(UNKNOWN_CAUSE) };
}

/** A failed my-account call as a value: the API's errorCode and causes, said in Dutch (or English) by `describe`. */
export class MyAccountError extends Error implements Describable {
  readonly code: MyAccountErrorCode;
  readonly status: number;
  /** Okta's cause sentences (English), for the log and to place them. */
  readonly causes: readonly string[];
  /** For `scope_refused`: the scopes the administrator must grant. */
  readonly scopes: string | undefined;
  /** Okta's errorSummary (English), or what went wrong before it answered. */
  readonly summary: string;
  /** For `recent_authentication`: the `max_age` and `acr_values` the provider's challenge named. */
  readonly reauthentication: { maxAge?: number; acrValues?: string } | undefined;

  constructor(
    code: MyAccountErrorCode,
    status: number,
    detail: string,
    causes: readonly string[] = [],
    options?: { cause?: unknown; scopes?: string; reauthentication?: { maxAge?: number; acrValues?: string } },
  ) {
    super(`my-account ${status} ${code}: ${detail}${causes.length ? ` (${causes.join(' | ')})` : ''}`, options);
    this.name = 'MyAccountError';
    this.code = code;
    this.status = status;
    this.summary = detail;
    this.causes = causes;
    this.scopes = options?.scopes;
    this.reauthentication = options?.reauthentication;
  }

  describe(i18n: I18n, fieldNames: readonly string[]): ErrorView {
    const fields: Record<string, string[]> = {};
    const general: string[] = [];
    for (const sentence of this.causes) {
      const { field, text } = placeCause(sentence, i18n);
      const name = fieldNames.find((candidate) => candidate === field);
      if (name) (fields[name] ??= []).push(text);
      else if (!general.includes(text)) general.push(text);
    }
    const scopes = this.scopes ?? '';
    const message =
      this.code === 'scope_refused'
        ? i18n._(
            msg`De inlogdienst geeft deze app geen toegang tot je accountgegevens. Alleen een Super Admin van de inlogdienst kan de app deze rechten geven (bij Okta: de app, tabblad Okta API Scopes): ${scopes}. Vraag je beheerder dat te regelen; tot dan wijzig je je gegevens bij de inlogdienst zelf. De rest van de app werkt gewoon.`,
          )
        : this.code === 'recent_authentication' && this.reauthentication?.maxAge === 0
          ? i18n._(FRESH_AUTHENTICATION)
          : i18n._(MESSAGES[this.code] ?? UNKNOWN);
    return {
      action: this.code === 'network' ? 'connection' : 'retry',
      message,
      fields,
      general: general.filter((text) => text !== message),
    };
  }
}

/** An answer's fields, read without trusting its shape (anything but an object has none). */
function fieldsOf(value: unknown): Map<string, unknown> {
  return new Map(isJsonObject(value) ? Object.entries(value) : []);
}

async function errorOf(response: Response): Promise<MyAccountError> {
  const body = fieldsOf(await response.json().catch(() => undefined));
  const listed: unknown = body.get('errorCauses');
  const causes = (Array.isArray(listed) ? listed : []).flatMap((cause) => textOf(fieldsOf(cause).get('errorSummary')) ?? []);
  const header = response.headers.get('WWW-Authenticate');
  const challenge = challengeError(header);
  const code =
    response.status === 403 && challenge === 'insufficient_authentication_context'
      ? 'recent_authentication'
      : response.status === 403 && challenge === 'insufficient_scope'
        ? 'scope_refused'
        : (textOf(body.get('errorCode')) ?? 'unknown');
  const reauthentication = code === 'recent_authentication' ? reauthenticationDemands(header) : undefined;
  return new MyAccountError(code, response.status, textOf(body.get('errorSummary')) ?? response.statusText, causes, { reauthentication });
}

function malformed(what: string): never {
  // The provider said yes; only the answer's content is not what the API sends.
  throw new MyAccountError('malformed', 200, `${what} is not what the my-account API sends`);
}

/** A text field the next call is built from (an id in a path): without it there is nothing to go on. */
function requiredText(fields: Map<string, unknown>, name: string, what: string): string {
  return textOf(fields.get(name)) || malformed(`${what}.${name}`);
}

function readProfile(value: unknown): MyAccountProfile {
  const profile = fieldsOf(fieldsOf(value).get('profile'));
  const text = (name: string) => textOf(profile.get(name)) ?? '';
  return { firstName: text('firstName'), lastName: text('lastName'), email: text('email'), login: text('login') };
}

/** The my-account access token, and the DPoP handle it is bound to (none when DPoP is off). */
export interface MyAccountAccess {
  accessToken: string;
  DPoP?: oauth.DPoPHandle;
}

/** Gives the token: `fresh` asks for a new one (the API refused the one held as `invalid_token`). */
export type AccessSource = (fresh: boolean) => Promise<MyAccountAccess>;

/** Calls on the person's own account: the table's operations, by name. */
export interface MyAccountClient {
  /** The answer's body, unread (`undefined` without one): the functions below read it. */
  call(name: OperationName, parameters?: Record<string, string>, body?: unknown): Promise<unknown>;
}

/**
 * A client on `base` (`myAccountUrl`) with tokens from `access`. Only a
 * 401 whose challenge says `invalid_token` gets a new token and one more
 * try: any other refusal (a wrong code is 401 too) is never sent again.
 * `fetch` is for tests that watch the requests.
 */
/** A fetch that watches the client's requests (tests): what oauth4webapi's customFetch takes. */
export type WatchingFetch = NonNullable<oauth.ProtectedResourceRequestOptions[typeof oauth.customFetch]>;

export function createMyAccountClient(base: string, access: AccessSource, options: { fetch?: WatchingFetch } = {}): MyAccountClient {
  const send = async (name: OperationName, parameters: Record<string, string>, body: unknown, fresh: boolean): Promise<Response> => {
    const { accessToken, DPoP } = await access(fresh);
    const url = new URL(base + operationPath(name, parameters));
    const headers = new Headers({ Accept: ACCEPT, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) });
    try {
      // oauth4webapi sends `DPoP <token>` with a proof for this call (htm, htu, ath) when the handle is given, `Bearer` otherwise.
      return await oauth.protectedResourceRequest(
        accessToken,
        OPERATIONS[name].method,
        url,
        headers,
        body === undefined ? null : JSON.stringify(body),
        {
          DPoP,
          [oauth.allowInsecureRequests]: url.protocol === 'http:',
          ...(options.fetch ? { [oauth.customFetch]: options.fetch } : {}),
        },
      );
    } catch (error) {
      // An answer with a challenge (401, 403) is an answer: read it like any other.
      if (error instanceof oauth.WWWAuthenticateChallengeError) return error.response;
      throw new MyAccountError('network', 0, String(error), [], { cause: error });
    }
  };
  return {
    async call(name, parameters = {}, body) {
      let response = await send(name, parameters, body, false);
      if (response.status === 401 && challengeError(response.headers.get('WWW-Authenticate')) === 'invalid_token') {
        response = await send(name, parameters, body, true);
      }
      if (!response.ok) throw await errorOf(response);
      const text = await response.text().catch(() => '');
      if (!text) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return malformed(name);
      }
    },
  };
}

/** The profile and the confirmed phone numbers. */
export async function getMyAccount(client: MyAccountClient): Promise<MyAccount> {
  const [profile, phones] = await Promise.all([client.call('getProfile'), client.call('listPhones')]);
  const listed = Array.isArray(phones) ? phones.map(fieldsOf) : malformed('/phones');
  const phoneNumbers = listed
    .filter((phone) => phone.get('status') === 'VERIFIED')
    .flatMap((phone) => textOf(fieldsOf(phone.get('profile')).get('phoneNumber')) ?? []);
  return { profile: readProfile(profile), phoneNumbers };
}

/**
 * Saves the name; the profile as the provider keeps it now. Okta's PUT
 * takes the whole profile (every attribute GET returns, optional ones as
 * null), so the profile is read, the edit merged in and the whole sent back,
 * as okta-auth-js's sample does.
 */
export async function updateMyName(client: MyAccountClient, firstName: string, lastName: string): Promise<MyAccountProfile> {
  const current = fieldsOf(fieldsOf(await client.call('getProfile')).get('profile'));
  if (current.size === 0) malformed('/profile');
  const profile = { ...Object.fromEntries(current), firstName, lastName };
  return readProfile(await client.call('updateProfile', {}, { profile }));
}

/**
 * A new primary e-mail address: the provider sends a code to it, which
 * `verify` hands back. Created with `sendEmail: false` and then challenged
 * once, as Okta's own integration test does: with `sendEmail: true` Okta
 * mails the address itself as well, two mails with two codes.
 */
export async function addMyEmail(client: MyAccountClient, email: string): Promise<PendingContact> {
  const added = fieldsOf(await client.call('createEmail', {}, { profile: { email }, role: 'PRIMARY', sendEmail: false }));
  const id = requiredText(added, 'id', '/emails');
  const challenge = async () => requiredText(fieldsOf(await client.call('challengeEmail', { id })), 'id', 'challenge');
  let challengeId = await challenge();
  return {
    to: textOf(fieldsOf(added.get('profile')).get('email')) ?? email,
    verify: async (code) => {
      await client.call('verifyEmail', { id, challengeId }, { verificationCode: code.trim() });
    },
    resend: async () => {
      challengeId = await challenge();
    },
  };
}

const digits = (phoneNumber: string) => phoneNumber.replace(/[\s().-]/g, '');

function pendingPhone(client: MyAccountClient, id: string, to: string, unconfirmedBefore: boolean): PendingContact {
  return {
    to,
    unconfirmedBefore,
    verify: async (code) => {
      try {
        await client.call('verifyPhone', { id }, { verificationCode: code.trim() });
      } catch (error) {
        // Okta's reference says a wrong code here is 400 E0000001 ("factorId and/or verificationCode"), its definition 401 E0000004: both say the code is wrong.
        if (
          error instanceof MyAccountError &&
          error.status === 400 &&
          error.code === 'E0000001' &&
          /verificationCode/.test(error.summary)
        ) {
          throw new MyAccountError('E0000004', error.status, error.summary, [CAUSES.wrongCode], { cause: error });
        }
        throw error;
      }
    },
    resend: async () => {
      await client.call('challengePhone', { id }, { method: 'SMS', retry: true });
    },
  };
}

/**
 * A new phone number: the provider texts a code to it, which `verify` hands
 * back. A number added before and never confirmed is a conflict at Okta
 * (409 E0000157, whatever its status); then that number is the one waiting
 * for a code, and `resend` sends one to it.
 */
export async function addMyPhone(client: MyAccountClient, phoneNumber: string): Promise<PendingContact> {
  let added: Map<string, unknown>;
  try {
    added = fieldsOf(await client.call('createPhone', {}, { profile: { phoneNumber }, method: 'SMS', sendCode: true }));
  } catch (error) {
    if (!(error instanceof MyAccountError && error.code === 'E0000157')) throw error;
    const phones = await client.call('listPhones');
    const waiting = (Array.isArray(phones) ? phones.map(fieldsOf) : []).find(
      (phone) =>
        phone.get('status') === 'UNVERIFIED' &&
        digits(textOf(fieldsOf(phone.get('profile')).get('phoneNumber')) ?? '') === digits(phoneNumber),
    );
    if (!waiting) throw error;
    return pendingPhone(
      client,
      requiredText(waiting, 'id', '/phones'),
      textOf(fieldsOf(waiting.get('profile')).get('phoneNumber')) ?? phoneNumber,
      true,
    );
  }
  return pendingPhone(
    client,
    requiredText(added, 'id', '/phones'),
    textOf(fieldsOf(added.get('profile')).get('phoneNumber')) ?? phoneNumber,
    false,
  );
}

/**
 * Changes the password with `POST /password/change-password`, which checks
 * the current password. It is of limited availability at Okta: an org
 * without it answers 401 E0000015, which comes out as
 * `change_password_unavailable` (never a silent reset that ignores the
 * current password the person typed): the form then offers `resetMyPassword`
 * and says what that does and does not ask.
 */
export async function changeMyPassword(client: MyAccountClient, oldPassword: string, newPassword: string): Promise<void> {
  try {
    await client.call('changePassword', {}, { oldPassword, newPassword });
  } catch (error) {
    if (error instanceof MyAccountError && error.status === 401 && error.code === 'E0000015') {
      throw new MyAccountError('change_password_unavailable', error.status, error.summary, error.causes, { cause: error });
    }
    throw error;
  }
}

/**
 * Sets a new password with `PUT /password` (`{ profile: { password } }`,
 * what okta-auth-js uses): a reset that does not ask the current password;
 * Okta allows it only with an authentication of the last 15 minutes.
 */
export async function resetMyPassword(client: MyAccountClient, newPassword: string): Promise<void> {
  await client.call('replacePassword', {}, { profile: { password: newPassword } });
}
