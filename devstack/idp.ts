import Provider, { errors, type Account, type KoaContextWithOIDC, type TokenInfo } from 'oidc-provider';
import { CLIENT_ID } from './appconfig.ts';
import { errorPage, logoutPage, postLogoutPage } from './idp-pages.ts';
import { createMemoryStore } from './idp-store.ts';
import { createCookieKeys, createSigningJwk } from './keys.ts';
import type { UserStore } from './user-store.ts';

// The local OpenID Connect provider: one first-party public client (the
// staff app), JWT access tokens for the API, Dutch pages.

export interface IdpConfig {
  issuer: string;
  appOrigin: string;
  apiUrl: string;
  accessTokenTtl: number;
  users: UserStore;
}

export const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

const HOUR = 60 * 60;

export async function createProvider(config: IdpConfig): Promise<Provider> {
  const { issuer, appOrigin, apiUrl, accessTokenTtl, users } = config;

  const findAccount = async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
    const user = users.findBySub(sub);
    if (!user) return undefined;
    return {
      accountId: user.sub,
      claims: () => ({
        sub: user.sub,
        email: user.email,
        email_verified: true,
        name: `${user.givenName} ${user.familyName}`,
        given_name: user.givenName,
        family_name: user.familyName,
        preferred_username: user.userName,
      }),
    };
  };

  const apiResource = {
    scope: SCOPES.join(' '),
    audience: apiUrl,
    accessTokenFormat: 'jwt',
    accessTokenTTL: accessTokenTtl,
    jwt: { sign: { alg: 'RS256' } },
  };

  return new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_name: 'Isolatie medewerkers',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${appOrigin}/account/logincallback`],
        post_logout_redirect_uris: [`${appOrigin}/`, `${appOrigin}/account/login`],
      },
    ],
    adapter: createMemoryStore(),
    jwks: { keys: [await createSigningJwk()] },
    cookies: { keys: createCookieKeys() },
    responseTypes: ['code'],
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    // The access token is for the API, so the app cannot call userinfo with
    // it; the ID token has to carry the profile and e-mail claims itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    findAccount,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // Only the client a token was issued to may revoke it.
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = postLogoutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        // The app never sends `resource`: every token is for the API.
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string[]) =>
          oneOf ? (oneOf.includes(apiUrl) ? apiUrl : oneOf[0]) : apiUrl,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== apiUrl) throw new errors.InvalidTarget();
          return apiResource;
        },
        useGrantedResource: () => true,
      },
    },
    // A public browser client gets a refresh token on every code grant,
    // without the offline_access consent dance, and it rotates on each use.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // The API maps the caller to its user by e-mail address.
    extraTokenClaims: (_ctx: unknown, token: TokenInfo) => {
      const user = token.accountId ? users.findBySub(token.accountId) : undefined;
      return user ? { email: user.email } : undefined;
    },
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === appOrigin,
    renderError: (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error ?? 'server_error', out.error_description);
    },
    ttl: {
      AccessToken: () => accessTokenTtl,
      AuthorizationCode: () => 60,
      IdToken: () => HOUR,
      Interaction: () => HOUR,
      // A working day: long enough for a shift, short enough to re-check.
      RefreshToken: () => 8 * HOUR,
      Session: () => 8 * HOUR,
      Grant: () => 8 * HOUR,
    },
  });
}
