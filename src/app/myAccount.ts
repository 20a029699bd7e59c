import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthConfig } from '../config/appConfig.ts';
import type { Describable, ErrorView } from '../ui/errors/describeError.ts';
import { authorizeSilently } from '../auth/silent.lazy.ts';

// The provider's my-account API in Okta's shape (okta-auth-js lib/myaccount):
// the person's profile, e-mail addresses, phone numbers and password, with
// an access token of its own (its audience and okta.myAccount scopes), never
// the API's token.

const AREAS = ['profile', 'email', 'phone', 'password'];
/** Every my-account scope, read and manage. */
export const MYACCOUNT_SCOPES = AREAS.flatMap((area) => [`okta.myAccount.${area}.read`, `okta.myAccount.${area}.manage`]).join(' ');
const ACCEPT = 'application/json; okta-version=1.0.0';

/** Okta serves it at its org's own origin, whatever authorization server signs people in. */
export function myAccountUrl(config: AuthConfig): string {
  return `${new URL(config.issuer ?? '').origin}/idp/myaccount`;
}

export interface MyAccountProfile {
  profile: { firstName: string; lastName: string; email: string; login: string };
}

export interface MyAccountEmail {
  id: string;
  status: 'VERIFIED' | 'UNVERIFIED';
  roles: string[];
  profile: { email: string };
}

export interface MyAccountPhone {
  id: string;
  status: 'VERIFIED' | 'UNVERIFIED';
  profile: { phoneNumber: string };
}

export interface MyAccountChallenge {
  id: string;
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
  return new Map(typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : []);
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
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

/** Calls on the person's own account, with a token asked for silently on the provider's session (again once when it is refused). */
export interface MyAccountClient {
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
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
          const ended = (error as { kind?: string }).kind === 'invalid-refresh-token';
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
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
      let response = await send(method, path, body, false);
      // An expired token: one new one, one more try.
      if (response.status === 401) response = await send(method, path, body, true);
      if (!response.ok) throw await errorOf(response);
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
  };
}
