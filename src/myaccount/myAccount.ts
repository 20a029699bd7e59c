import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthConfig } from '../config/appConfig.ts';
import type { Describable, ErrorView } from '../ui/errors/describeError.ts';
import { AuthError } from '../auth/authError.ts';
import { authorizeSilently } from '../auth/silent.lazy.ts';
import { MYACCOUNT_SCOPES } from '../auth/authorize.lazy.ts';
import { isJsonObject, textOf } from '../lib/json.ts';

// The provider's my-account API in Okta's shape (okta-auth-js lib/myaccount):
// the person's profile, e-mail addresses, phone numbers and password, with
// an access token of its own (its audience and okta.myAccount scopes), never
// the API's token.

const ACCEPT = 'application/json; okta-version=1.0.0';

/** Okta serves it at its org's own origin, whatever authorization server signs people in. */
export function myAccountUrl(config: AuthConfig): string {
  return `${new URL(config.issuer ?? '').origin}/idp/myaccount`;
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
  verify(code: string): Promise<void>;
  /** A new code, the earlier one no longer valid. */
  resend(): Promise<void>;
}

/** An errorCode of the API, or what went wrong before it could answer. */
export type MyAccountErrorCode = string;

interface Cause {
  errorSummary?: string;
  reason?: string;
  property?: string;
}

const MESSAGES: Record<string, MessageDescriptor> = {
  network: msg`De inlogdienst is niet bereikbaar. Wat je hebt ingevuld blijft staan; probeer het opnieuw zodra de verbinding terug is.`,
  invalid_token: msg`Je gegevens bij de inlogdienst zijn nu niet te openen. Probeer het opnieuw; lukt het niet, log dan opnieuw in.`,
  insufficient_scope: msg`De inlogdienst staat deze wijziging voor deze app niet toe. Vraag de beheerder om toegang.`,
  session_ended: msg`Je sessie bij de inlogdienst is afgelopen. Log opnieuw in om je gegevens te bekijken.`,
  invalid_request: msg`Niet alle velden zijn goed ingevuld. Verbeter wat hieronder staat en probeer het opnieuw.`,
  wrong_current_password: msg`Je huidige wachtwoord klopt niet.`,
  weak_password: msg`Het nieuwe wachtwoord voldoet niet aan de regels.`,
  wrong_code: msg`De code klopt niet. Kijk de code na en probeer het opnieuw.`,
  expired_code: msg`De code is verlopen. Vraag een nieuwe code aan.`,
  too_many_attempts: msg`Te vaak een verkeerde code ingevoerd. Vraag een nieuwe code aan.`,
  already_exists: msg`Dit adres of nummer hoort al bij een account.`,
  already_verified: msg`Dit is al bevestigd.`,
  not_found: msg`Dit bestaat niet (meer). Ververs de pagina en probeer het opnieuw.`,
};
const UNKNOWN = msg`De inlogdienst kon dit niet verwerken. Probeer het opnieuw of neem contact op met de beheerder.`;

/** Each cause's reason in our words; the API's own summary where we have none. */
const REASONS: Record<string, MessageDescriptor> = {
  required: msg`Vul dit veld in.`,
  too_long: msg`Dit is te lang (hoogstens 50 tekens).`,
  invalid_email: msg`Vul een geldig e-mailadres in.`,
  invalid_phone: msg`Vul een geldig telefoonnummer in, bijvoorbeeld +31612345678.`,
  too_short: msg`Het wachtwoord moet minstens 8 tekens lang zijn.`,
  contains_user_name: msg`Het wachtwoord mag je gebruikersnaam niet bevatten.`,
  common_password: msg`Dit wachtwoord komt te vaak voor; kies een ander.`,
  same_as_current: msg`Het nieuwe wachtwoord moet anders zijn dan het huidige.`,
  wrong_current_password: msg`Je huidige wachtwoord klopt niet.`,
  wrong_code: msg`De code klopt niet.`,
  expired_code: msg`De code is verlopen.`,
  too_many_attempts: msg`Te vaak een verkeerde code ingevoerd.`,
};

/** A failed my-account call as a value: the API's errorCode and causes, said in Dutch by `describe`. */
export class MyAccountError extends Error implements Describable {
  readonly code: MyAccountErrorCode;
  readonly status: number;
  readonly causes: readonly Cause[];

  constructor(code: MyAccountErrorCode, status: number, detail: string, causes: readonly Cause[] = [], options?: { cause?: unknown }) {
    super(`my-account ${status} ${code}: ${detail}`, options);
    this.name = 'MyAccountError';
    this.code = code;
    this.status = status;
    this.causes = causes;
  }

  describe(i18n: I18n, fieldNames: readonly string[]): ErrorView {
    const fields: Record<string, string[]> = {};
    const general: string[] = [];
    for (const cause of this.causes) {
      const reason = cause.reason ? REASONS[cause.reason] : undefined;
      const text = reason ? i18n._(reason) : cause.errorSummary;
      if (!text) continue;
      // `profile.email` is the form's `email`.
      const field = fieldNames.find((name) => name === cause.property?.split('.').at(-1));
      if (field) (fields[field] ??= []).push(text);
      else if (!general.includes(text)) general.push(text);
    }
    const message = i18n._(MESSAGES[this.code] ?? UNKNOWN);
    return { action: this.code === 'network' ? 'connection' : 'retry', message, fields, general: general.filter((text) => text !== message) };
  }
}

/** An answer's fields, read without trusting its shape (anything but an object has none). */
function fieldsOf(value: unknown): Map<string, unknown> {
  return new Map(isJsonObject(value) ? Object.entries(value) : []);
}

async function errorOf(response: Response): Promise<MyAccountError> {
  const body = fieldsOf(await response.json().catch(() => undefined));
  const listed: unknown = body.get('errorCauses');
  const causes = (Array.isArray(listed) ? listed : [])
    .map(fieldsOf)
    .filter((cause) => cause.size > 0)
    .map((cause): Cause => ({ errorSummary: textOf(cause.get('errorSummary')), reason: textOf(cause.get('reason')), property: textOf(cause.get('property')) }));
  return new MyAccountError(textOf(body.get('errorCode')) ?? 'unknown', response.status, textOf(body.get('errorSummary')) ?? response.statusText, causes);
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

/** Calls on the person's own account, with a token asked for silently on the provider's session (again once when it is refused). */
export interface MyAccountClient {
  /** The answer's body, unread (`undefined` for 204): the functions below read it. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
}

export function createMyAccountClient(config: AuthConfig): MyAccountClient {
  const base = myAccountUrl(config);
  let token: Promise<string> | undefined;
  const getToken = (fresh: boolean) => {
    if (fresh || !token) {
      token = authorizeSilently(config, { scope: `openid ${MYACCOUNT_SCOPES}`, resource: base }).then(
        (tokens) => tokens.accessToken,
        (error: unknown) => {
          token = undefined;
          const ended = error instanceof AuthError && error.kind === 'invalid-refresh-token';
          throw new MyAccountError(ended ? 'session_ended' : 'network', 0, String(error), [], { cause: error });
        },
      );
    }
    return token;
  };
  const send = async (method: string, path: string, body: unknown, fresh: boolean): Promise<Response> => {
    const accessToken = await getToken(fresh);
    try {
      return await fetch(base + path, {
        method,
        headers: { Accept: ACCEPT, Authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new MyAccountError('network', 0, String(error), [], { cause: error });
    }
  };
  return {
    async call(method, path, body) {
      let response = await send(method, path, body, false);
      // An expired token: one new one, one more try.
      if (response.status === 401) response = await send(method, path, body, true);
      if (!response.ok) throw await errorOf(response);
      return response.status === 204 ? undefined : await response.json().catch(() => malformed(path));
    },
  };
}

/** The profile and the confirmed phone numbers. */
export async function getMyAccount(client: MyAccountClient): Promise<MyAccount> {
  const [profile, phones] = await Promise.all([client.call('GET', '/profile'), client.call('GET', '/phones')]);
  const listed = Array.isArray(phones) ? phones.map(fieldsOf) : malformed('/phones');
  const phoneNumbers = listed.filter((phone) => phone.get('status') === 'VERIFIED').flatMap((phone) => textOf(fieldsOf(phone.get('profile')).get('phoneNumber')) ?? []);
  return { profile: readProfile(profile), phoneNumbers };
}

/** Saves the name; the profile as the provider keeps it now. */
export async function updateMyName(client: MyAccountClient, firstName: string, lastName: string): Promise<MyAccountProfile> {
  return readProfile(await client.call('PUT', '/profile', { profile: { firstName, lastName } }));
}

/** A new primary e-mail address: the provider sends a code to it, which `verify` hands back. */
export async function addMyEmail(client: MyAccountClient, email: string): Promise<PendingContact> {
  const added = fieldsOf(await client.call('POST', '/emails', { profile: { email }, role: 'PRIMARY', sendEmail: true }));
  const id = requiredText(added, 'id', '/emails');
  const challenge = async () => requiredText(fieldsOf(await client.call('POST', `/emails/${id}/challenge`)), 'id', 'challenge');
  let challengeId = await challenge();
  return {
    to: textOf(fieldsOf(added.get('profile')).get('email')) ?? email,
    verify: async (code) => {
      await client.call('POST', `/emails/${id}/challenge/${challengeId}/verify`, { verificationCode: code.trim() });
    },
    resend: async () => {
      challengeId = await challenge();
    },
  };
}

/** A new phone number: the provider texts a code to it, which `verify` hands back. */
export async function addMyPhone(client: MyAccountClient, phoneNumber: string): Promise<PendingContact> {
  const added = fieldsOf(await client.call('POST', '/phones', { profile: { phoneNumber }, method: 'SMS', sendCode: true }));
  const id = requiredText(added, 'id', '/phones');
  return {
    to: textOf(fieldsOf(added.get('profile')).get('phoneNumber')) ?? phoneNumber,
    verify: async (code) => {
      await client.call('POST', `/phones/${id}/verify`, { verificationCode: code.trim() });
    },
    resend: async () => {
      await client.call('POST', `/phones/${id}/challenge`, { method: 'SMS', retry: true });
    },
  };
}

export async function changeMyPassword(client: MyAccountClient, oldPassword: string, newPassword: string): Promise<void> {
  await client.call('POST', '/password/change-password', { oldPassword, newPassword });
}
