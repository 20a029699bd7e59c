import { randomBytes } from 'node:crypto';
import Provider, { errors, type Account, type KoaContextWithOIDC, type TokenInfo } from 'oidc-provider';
import { CLIENT_ID } from '../appconfig.ts';
import { errorPage, logoutPage, postLogoutPage } from './pages.ts';
import { LANGUAGES, pageLanguage } from './texts.ts';
import { createMemoryStore } from './store.ts';
import { sessionEndMiddleware } from './session-end.ts';
import { orgServerMiddleware } from './org-server.ts';
import { createCookieKeys, createSigningJwk } from '../keys.ts';
import { myAccountAudience, MYACCOUNT_SCOPES } from './myaccount/http.ts';
import type { UserStore } from './user-store.ts';
import type { RefreshTokenPolicy } from './authorization.ts';

// The local OpenID Connect provider: one first-party public client (the
// staff app), JWT access tokens for the API and for the provider's own
// my-account API, Dutch pages.

export interface IdpConfig {
  issuer: string;
  appOrigin: string;
  apiUrl: string;
  accessTokenTtl: number;
  users: UserStore;
  /** Fixed end of a refresh token chain, in seconds from the sign-in; rotation does not extend it. Default 8 hours. */
  refreshTokenAbsoluteTtl?: number;
  /** When a code grant gets a refresh token. Default `offline_access`: only when the sign-in asked for it, as at Okta. */
  refreshTokens?: RefreshTokenPolicy;
  /** DPoP (RFC 9449): a client that sends proofs gets tokens bound to its key. Default true. */
  dpop?: boolean;
  /** `required`: a proof without the provider's nonce is answered `use_dpop_nonce` first, as Okta does (default); `offered`: the nonce comes with every answer and is not insisted on. */
  dpopNonce?: 'required' | 'offered';
}

/** The scopes of the app's API (and the OpenID Connect ones). */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

const HOUR = 60 * 60;
/** A working day: long enough for a shift, short enough to re-check. */
const WORKING_DAY = 8 * HOUR;

export async function createProvider(config: IdpConfig): Promise<Provider> {
  const { issuer, appOrigin, apiUrl, accessTokenTtl, users } = config;
  const refreshTokenAbsoluteTtl = config.refreshTokenAbsoluteTtl ?? WORKING_DAY;
  const refreshTokens = config.refreshTokens ?? 'offline_access';
  const myAccountUrl = myAccountAudience(issuer);
  // Sessions and grants last at least as long as the refresh tokens that hang on them.
  const sessionTtl = Math.max(WORKING_DAY, refreshTokenAbsoluteTtl);

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

  const resourceServer = (audience: string, scopes: string[]) => ({
    scope: scopes.join(' '),
    audience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: accessTokenTtl,
    jwt: { sign: { alg: 'RS256' } },
  });
  const resources = new Map([
    [apiUrl, resourceServer(apiUrl, SCOPES)],
    [myAccountUrl, resourceServer(myAccountUrl, MYACCOUNT_SCOPES)],
  ]);

  const provider = new Provider(issuer, {
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
    // The pages speak the app's two languages (ui_locales, OIDC Core 3.1.2.1).
    discovery: { claim_types_supported: ['normal'], ui_locales_supported: [...LANGUAGES] },
    // The my-account scopes are listed too, so discovery names them as Okta's does.
    scopes: [...SCOPES, ...MYACCOUNT_SCOPES],
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
      // Proofs are checked and nonces required when a client sends them; the
      // tokens it gets (refresh tokens too, the client being public) are bound
      // to its key. A client without proofs still gets plain bearer tokens.
      dPoP: { enabled: config.dpop ?? true, nonceSecret: randomBytes(32), requireNonce: () => (config.dpopNonce ?? 'required') === 'required' },
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
          ctx.body = logoutPage(form, languageOf(ctx));
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = postLogoutPage(languageOf(ctx));
        },
      },
      resourceIndicators: {
        enabled: true,
        // Without `resource` a token is for the API. A token for the
        // my-account API is asked for with resource=<issuer>/idp/myaccount
        // (at the authorization request, and again at the token endpoint
        // when the sign-in named both).
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string[]) =>
          oneOf ? (oneOf.includes(apiUrl) ? apiUrl : oneOf[0]) : apiUrl,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          const info = resources.get(indicator);
          if (!info) throw new errors.InvalidTarget();
          return info;
        },
        useGrantedResource: () => true,
      },
    },
    // As at Okta, a refresh token only when the sign-in asked for
    // offline_access (session-end.ts); `always` gives one on every code
    // grant, `never` none. Either way it rotates on each use.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }, source: { scopes: Set<string> }) =>
      client.grantTypeAllowed('refresh_token') && (refreshTokens === 'always' || (refreshTokens === 'offline_access' && source.scopes.has('offline_access'))),
    rotateRefreshToken: () => true,
    // The API maps the caller to its user by e-mail address, and registers
    // a caller it does not know yet with these names.
    extraTokenClaims: (ctx: KoaContextWithOIDC, token: TokenInfo) => {
      const user = token.accountId ? users.findBySub(token.accountId) : undefined;
      if (!user) return undefined;
      const claims: Record<string, unknown> = { email: user.email, preferred_username: user.userName, given_name: user.givenName, family_name: user.familyName };
      // A my-account token says when its person signed in (the refresh
      // token's or the code's auth_time, as Okta keeps it through
      // prompt=none and refreshes): the API's 15-minute rule reads it.
      const entities = ctx.oidc.entities ?? {};
      const authTime = entities.RefreshToken?.authTime ?? entities.AuthorizationCode?.authTime ?? ctx.oidc.session?.authTime;
      if ([token.aud].flat().includes(myAccountUrl) && typeof authTime === 'number') claims.auth_time = authTime;
      return claims;
    },
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === appOrigin,
    renderError: (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(languageOf(ctx), out.error ?? 'server_error', out.error_description);
    },
    ttl: {
      AccessToken: () => accessTokenTtl,
      AuthorizationCode: () => 60,
      IdToken: () => HOUR,
      Interaction: () => HOUR,
      // A fixed end: every rotated token carries the first one's issue
      // time (iiat), so the chain ends refreshTokenAbsoluteTtl after the
      // sign-in however often it rotates.
      RefreshToken: (_ctx: unknown, token: TokenInfo) =>
        Math.max(1, refreshTokenAbsoluteTtl - (Math.floor(Date.now() / 1000) - (token.iiat ?? Math.floor(Date.now() / 1000)))),
      Session: () => sessionTtl,
      Grant: () => sessionTtl,
    },
  });
  provider.use(
    orgServerMiddleware([apiUrl, myAccountUrl], (ctx) => {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage(languageOf(ctx), 'invalid_request', "The 'id_token_hint' parameter is required.");
    }),
  );
  provider.use(sessionEndMiddleware({ refreshTokens }));
  return provider;
}

/** The language of a page oidc-provider renders: the request's ui_locales, else the one this browser's sign-in asked for. */
function languageOf(ctx: Pick<KoaContextWithOIDC, 'query' | 'get'>) {
  const uiLocales = ctx.query.ui_locales;
  return pageLanguage(typeof uiLocales === 'string' ? uiLocales : undefined, ctx.get('cookie'));
}
