import { CompactSign, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { BrowserContext, Route } from 'playwright-core';
import { oktaEndpoint } from '../../../../devstack/provider/oidc.ts';
import { seconds } from '../../../support/limits.ts';

/** Changes one token response of the provider's token endpoint, as a compromised or confused endpoint would. */
export type TokenResponseChange = (body: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;

const encoder = new TextEncoder();
const base64url = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const fromBase64url = (value: string) => Buffer.from(value, 'base64url').toString('utf8');

export interface JwtParts {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signature: string;
}

export function splitJwt(jwt: string): JwtParts {
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  return { header: JSON.parse(fromBase64url(header)), claims: JSON.parse(fromBase64url(claims)), signature };
}

/** Re-encodes header and claims but keeps the provider's signature (which then no longer matches). */
export function joinUnsigned({ header, claims, signature }: JwtParts): string {
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}.${signature}`;
}

/** A key of the test's own, to sign ID tokens the provider never issued. */
export interface TestKey {
  kid: string;
  publicJwk: JWK;
  sign(claims: Record<string, unknown>): Promise<string>;
}

export async function createTestKey(kid = 'security-test-key'): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    kid,
    publicJwk,
    sign: (claims) =>
      new CompactSign(encoder.encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey),
  };
}

/** Changes the ID token of the next code exchanges of this context. */
export async function changeTokenResponses(context: BrowserContext, issuer: string, change: TokenResponseChange): Promise<void> {
  await context.route(oktaEndpoint(issuer, 'token'), async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: await change(body) });
  });
}

/** Serves a key set with the test's key in place of the provider's (a provider whose keys changed under the app). */
export async function serveKeySet(context: BrowserContext, issuer: string, keys: JWK[]): Promise<void> {
  await context.route(oktaEndpoint(issuer, 'keys'), (route) =>
    route.fulfill({ status: 200, json: { keys }, headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' } }),
  );
}

/** The ID token of a token response, with its claims changed but the provider's signature kept. */
export function withClaims(change: (claims: Record<string, unknown>) => void): TokenResponseChange {
  return (body) => {
    const parts = splitJwt(String(body.id_token));
    change(parts.claims);
    return { ...body, id_token: joinUnsigned(parts) };
  };
}

export const nowSeconds = () => Math.floor(Date.now() / seconds(1));
