/**
 * A 64-character base64url value from 48 random bytes: ABP's old client used
 * 64-character state and nonce; oauth4webapi's own generators give 43.
 */
export function randomValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
