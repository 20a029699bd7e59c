import type { PersonName } from '../boot/personName.ts';
import { PROVIDER_TOKENS_KEY } from '../lib/storageKeys.ts';
import { isJsonObject } from '../lib/json.ts';

/** The provider's tokens for this tab. Never in localStorage; the refresh token survives a reload in sessionStorage. */
export interface ProviderTokens {
  accessToken: string;
  idToken: string | undefined;
  refreshToken: string | undefined;
  /** Epoch ms when the provider's access token expires. */
  expiresAt: number;
  /** `sub` of the ID token: the user's key at the provider. */
  subject: string;
  /** The provider gave no refresh token at sign-in (Okta without offline_access): renewals ask it with prompt=none instead. */
  silent?: boolean;
  /** Epoch ms when the refresh token chain ends for good (`auth.refreshTokenLifetimeMinutes` after the sign-in); rotation does not move it. */
  sessionEndsAt?: number;
  /** The person's name from the ID token (or as Mijn account saved it since): the name the app shows (boot/personName.ts). */
  person?: PersonName;
}

const claimText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The name an ID token's claims give: `given_name` and `family_name`, else `name` whole; none without any. */
export function personOf(claims: Record<string, unknown> | undefined): PersonName | undefined {
  const name = claimText(claims?.given_name);
  const surname = claimText(claims?.family_name);
  if (name || surname) return { name, surname };
  const whole = claimText(claims?.name);
  return whole ? { name: whole, surname: '' } : undefined;
}

/** Tokens a renewal can start from: a refresh token, or a provider that renews on its session (prompt=none). */
export function canRenew(tokens: ProviderTokens | undefined): tokens is ProviderTokens {
  return Boolean(tokens?.refreshToken || tokens?.silent);
}

/**
 * When a refresh token chain minted now ends: the configured lifetime
 * (`auth.refreshTokenLifetimeMinutes`, the Okta access policy rule's refresh
 * token lifetime, which a rotated token keeps) from now. Okta's token answer
 * does not say it (no `refresh_expires_in`), so without the setting no end is
 * known and none is announced.
 */
export function sessionEnd(lifetimeMinutes: number | undefined, now = Date.now()): number | undefined {
  return lifetimeMinutes !== undefined && Number.isFinite(lifetimeMinutes) && lifetimeMinutes > 0
    ? accessTokenExpiry(lifetimeMinutes * 60, now)
    : undefined;
}

/** The latest moment a Date can hold (ECMAScript's time range). */
const LATEST_TIME = 8.64e15;
/** What the app assumes when the provider does not say how long an access token lives. */
const DEFAULT_LIFETIME_SECONDS = 300;

/**
 * When an access token expires, from the token response's `expires_in`
 * (seconds; oauth4webapi has checked it is a number >= 0). A lifetime beyond
 * what a Date can hold ends at the latest time a Date can hold, so the
 * expiry stays a usable time and survives JSON.
 */
export function accessTokenExpiry(expiresIn: number | undefined, now = Date.now()): number {
  return Math.min(now + (expiresIn ?? DEFAULT_LIFETIME_SECONDS) * 1000, LATEST_TIME);
}

let current: ProviderTokens | undefined;

/** What was stored has the shape of tokens: an older version's entry or an edited one is not used. */
function isStoredTokens(value: unknown): value is ProviderTokens {
  if (!isJsonObject(value)) return false;
  const optionalText = (field: unknown) => field === undefined || typeof field === 'string';
  return (
    typeof value.accessToken === 'string' &&
    optionalText(value.idToken) &&
    optionalText(value.refreshToken) &&
    typeof value.expiresAt === 'number' &&
    typeof value.subject === 'string'
  );
}

export function getProviderTokens(): ProviderTokens | undefined {
  if (current) return current;
  const raw = sessionStorage.getItem(PROVIDER_TOKENS_KEY);
  if (!raw) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = undefined;
  }
  if (isStoredTokens(stored)) current = stored;
  else sessionStorage.removeItem(PROVIDER_TOKENS_KEY);
  return current;
}

/** Keeps what a later refresh, revocation or sign-out needs; the access token itself stays in memory only. */
export function setProviderTokens(tokens: ProviderTokens): void {
  current = tokens;
  sessionStorage.setItem(PROVIDER_TOKENS_KEY, JSON.stringify({ ...tokens, accessToken: '' }));
}

export function removeRefreshToken(): void {
  const tokens = getProviderTokens();
  if (tokens) setProviderTokens({ ...tokens, refreshToken: undefined });
}

export function clearProviderTokens(): void {
  current = undefined;
  sessionStorage.removeItem(PROVIDER_TOKENS_KEY);
}
