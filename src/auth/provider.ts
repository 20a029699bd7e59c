import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import { AuthError } from './authError.ts';

export const SCOPES = 'openid profile email';
export const REDIRECT_PATH = '/account/logincallback';

/** The provider as oauth4webapi needs it: metadata, client and the options for every call. */
export interface Provider {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  /** Plain http issuers are allowed for local development only; every request goes through `providerFetch`. */
  options: { [oauth.allowInsecureRequests]?: boolean; [oauth.customFetch]: typeof providerFetch };
  redirectUri: string;
}

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();

/**
 * fetch for oauth4webapi's requests to the provider. A request that gets no
 * answer is the provider being unreachable; it is decided here, where the
 * request is made, because a TypeError thrown later (while reading an odd
 * answer) means something else.
 */
async function providerFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new AuthError('provider-unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export function redirectUri(origin = location.origin): string {
  return origin + REDIRECT_PATH;
}

/** Discovery (OpenID Connect Discovery 1.0 §4), once per issuer per page. */
export async function getProvider(config: AuthConfig): Promise<Provider> {
  if (!config.issuer || !config.clientId) {
    throw new AuthError('not-configured', `issuer: ${config.issuer ?? 'missing'}, clientId: ${config.clientId ?? 'missing'}`);
  }
  const issuer = new URL(config.issuer);
  const options = { [oauth.customFetch]: providerFetch, ...(issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {}) };
  let as = discovered.get(issuer.href);
  if (!as) {
    as = oauth
      .discoveryRequest(issuer, { ...options, algorithm: 'oidc' })
      .then((response) => oauth.processDiscoveryResponse(issuer, response));
    as.catch(() => discovered.delete(issuer.href));
    discovered.set(issuer.href, as);
  }
  let metadata: oauth.AuthorizationServer;
  try {
    metadata = await as;
  } catch (error) {
    throw new AuthError('provider-unreachable', `discovery of ${issuer.href} failed: ${String(error)}`, { cause: error });
  }
  return {
    as: metadata,
    client: { client_id: config.clientId, [oauth.clockSkew]: 0, [oauth.clockTolerance]: config.clockSkew },
    clientAuth: oauth.None(),
    options,
    redirectUri: redirectUri(),
  };
}
