/** The provider's tokens for this tab. Never in localStorage; the refresh token survives a reload in sessionStorage. */
export interface ProviderTokens {
  accessToken: string;
  idToken: string | undefined;
  refreshToken: string | undefined;
  /** Epoch ms when the provider's access token expires. */
  expiresAt: number;
  /** `sub` of the ID token: the user's key at the provider. */
  subject: string;
}

const KEY = 'oidc.tokens';
let current: ProviderTokens | undefined;

/** What was stored has the shape of tokens: an older version's entry or an edited one is not used. */
function isStoredTokens(value: unknown): value is ProviderTokens {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = value as Record<string, unknown>;
  const optionalText = (field: unknown) => field === undefined || typeof field === 'string';
  return (
    typeof tokens.accessToken === 'string' &&
    optionalText(tokens.idToken) &&
    optionalText(tokens.refreshToken) &&
    typeof tokens.expiresAt === 'number' &&
    typeof tokens.subject === 'string'
  );
}

export function getProviderTokens(): ProviderTokens | undefined {
  if (current) return current;
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = undefined;
  }
  if (isStoredTokens(stored)) current = stored;
  else sessionStorage.removeItem(KEY);
  return current;
}

/** Keeps what a later refresh, revocation or sign-out needs; the access token itself stays in memory only. */
export function setProviderTokens(tokens: ProviderTokens): void {
  current = tokens;
  sessionStorage.setItem(KEY, JSON.stringify({ ...tokens, accessToken: '' }));
}

export function removeRefreshToken(): void {
  const tokens = getProviderTokens();
  if (tokens) setProviderTokens({ ...tokens, refreshToken: undefined });
}

export function clearProviderTokens(): void {
  current = undefined;
  sessionStorage.removeItem(KEY);
}
