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

export function getProviderTokens(): ProviderTokens | undefined {
  if (current) return current;
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    current = JSON.parse(raw) as ProviderTokens;
  } catch {
    sessionStorage.removeItem(KEY);
  }
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
