import { afterAll, beforeEach, vi } from 'vitest';
import type { AuthConfig } from '../../../src/config/appConfig.ts';
import { REDIRECT_PATH } from '../../../src/auth/provider.ts';
import { saveTransaction, type SignInTransaction } from '../../../src/auth/transaction.ts';

/**
 * An identity provider without a network, for the sign-in code's properties:
 * discovery and the key set answer at once, the token endpoint answers what
 * the case says. ID tokens are signed with an ES256 key the key set
 * publishes, so a token that should pass does pass oauth4webapi's checks and
 * the case reaches the app's own code behind them.
 */

export const ORIGIN = 'http://localhost:4200';
export const ISSUER = 'http://localhost:4300';
export const CLIENT_ID = 'medewerkersportaal';
export const REDIRECT_URI = `${ORIGIN}${REDIRECT_PATH}`;
export const NONCE = 'N'.repeat(64);
export const CODE_VERIFIER = 'V'.repeat(64);

export const authConfig: AuthConfig = { issuer: ISSUER, clientId: CLIENT_ID, authProvider: 'OpenIdConnect', clockSkew: 300 };

const TOKEN_ENDPOINT = `${ISSUER}/token`;
const JWKS_URI = `${ISSUER}/jwks`;

const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
const publicJwk = { ...(await crypto.subtle.exportKey('jwk', keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** A JWS over any claims (any JSON value), signed with the published key. */
export async function signIdToken(
  claims: unknown,
  header: Record<string, unknown> = { alg: 'ES256', kid: 'k1', typ: 'JWT' },
): Promise<string> {
  const input = `${base64url(new TextEncoder().encode(JSON.stringify(header)))}.${base64url(new TextEncoder().encode(JSON.stringify(claims)))}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, new TextEncoder().encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}

/** Claims that pass every check for the stored transaction. */
export function goodClaims(now = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  return { iss: ISSUER, aud: CLIENT_ID, sub: 'gebruiker-1', nonce: NONCE, iat: now, exp: now + 3600 };
}

const metadata = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: TOKEN_ENDPOINT,
  jwks_uri: JWKS_URI,
  response_types_supported: ['code'],
  id_token_signing_alg_values_supported: ['ES256'],
  authorization_response_iss_parameter_supported: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let tokenAnswer: () => Response | Promise<Response> = () => json({ error: 'invalid_request' }, 400);
let tokenRequests = 0;

/** What the token endpoint answers from now on. */
export function answerTokenRequests(answer: () => Response | Promise<Response>): void {
  tokenAnswer = answer;
}

/** How many requests reached the token endpoint so far. */
export function tokenRequestCount(): number {
  return tokenRequests;
}

/** sessionStorage as the browser has it, enough for the sign-in code. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

/** The browser globals the sign-in code reads, and a fetch that never leaves the process, for the file that installs them. */
export function installProvider(): void {
  // Each case starts with no sign-in attempt stored.
  beforeEach(() => sessionStorage.clear());
  // The unit files share their worker's globals (isolate: false): the next file finds its own.
  afterAll(() => vi.unstubAllGlobals());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/` });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === `${ISSUER}/.well-known/openid-configuration`) return json(metadata);
    if (url === JWKS_URI)
      return new Response(JSON.stringify({ keys: [publicJwk] }), { headers: { 'Content-Type': 'application/jwk-set+json' } });
    if (url === TOKEN_ENDPOINT) {
      tokenRequests += 1;
      return tokenAnswer();
    }
    throw new TypeError(`fetch failed: no such address in the stand-in: ${url}`);
  });
}

/** Stores a sign-in attempt (as authorize.lazy.ts does) and returns it. */
export function storeTransaction(state: string, changes: Partial<SignInTransaction> = {}): SignInTransaction {
  const transaction: SignInTransaction = {
    state,
    nonce: NONCE,
    codeVerifier: CODE_VERIFIER,
    returnPath: '/app/home',
    redirectUri: REDIRECT_URI,
    createdAt: Date.now(),
    ...changes,
  };
  saveTransaction(transaction);
  return transaction;
}
