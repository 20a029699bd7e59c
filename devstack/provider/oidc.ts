import { randomBytes } from 'node:crypto';
import Provider, { type Account, type KoaContextWithOIDC, type TokenInfo } from 'oidc-provider';
import { CLIENT_ID } from '../appconfig.ts';
import { errorPage, logoutPage, postLogoutPage } from './pages.ts';
import { LANGUAGES, pageLanguage } from './texts.ts';
import { createMemoryStore, sharedSessions } from './store.ts';
import { sessionEndMiddleware } from './session-end.ts';
import { orgServerMiddleware, type OrgGrants } from './org-server.ts';
import { oktaAnswersMiddleware } from './okta-answers.ts';
import { createCookieKeys, createSigningJwk } from '../keys.ts';
import { MYACCOUNT_SCOPES } from './myaccount/http.ts';
import type { UserStore } from './user-store.ts';
import { CUSTOM_ROUTES, ORG_ROUTES, words, type OktaLayout, type RefreshTokenPolicy } from './authorization.ts';

// The local OpenID Connect provider as an Okta org: two authorization
// servers on one site with one sign-in session between them, as at Okta.
//
// - the *custom* authorization server, issuer `<org>/oauth2/default`,
//   endpoints under /oauth2/default/v1/: JWT access tokens for the app's API
//   (its audience), scopes `openid profile email offline_access`. The app
//   signs in here by default, and this token is what the API gets;
// - the *org* authorization server, issuer `<org>`, endpoints under
//   /oauth2/v1/: the only one that grants `okta.myAccount.*`. Its access
//   tokens are for the provider alone (opaque here: only it reads them),
//   answered by its /userinfo and the my-account API. In the `org-only`
//   layout (an org without API Access Management) the app signs in here too.
//
// On both, as Okta publishes: no `resource` parameter (ignored); a scope not
// granted to the client is `invalid_scope`; a refresh may ask a subset of the
// scopes; a refresh token only while `offline_access` is in the grant, rotating
// with a grace period, reuse after it revoking the chain; /logout needs
// `id_token_hint`; codes live 300 s; a token answer never says when the
// session ends (no `refresh_expires_in`); a refresh with another DPoP key is
// `invalid_dpop_proof`, /userinfo with only `openid` is 403 (okta-answers.ts);
// /introspect answers a public client that names itself (`client_id`).
// The custom server's access token has Okta's claims (oktaAccessToken below).
// Sessions, grants and sign-in steps live in one store both servers read, so
// a visit to one while signed in at the other asks nothing.

export interface IdpConfig {
  /** The org: the provider's origin, which is the org authorization server's issuer. */
  issuer: string;
  appOrigin: string;
  apiUrl: string;
  accessTokenTtl: number;
  users: UserStore;
  /** Fixed end of a refresh token chain, in seconds from the sign-in; rotation does not extend it. Default 8 hours. */
  refreshTokenAbsoluteTtl?: number;
  /** When a code grant gets a refresh token. Default `offline_access`: only when the sign-in asked for it, as at Okta. */
  refreshTokens?: RefreshTokenPolicy;
  /** Seconds a rotated refresh token is still taken (Okta's grace period, 0 to 60; default 30). Reuse after it revokes the chain. */
  refreshTokenGracePeriod?: number;
  /** DPoP (RFC 9449): a client that sends proofs gets tokens bound to its key. Default true. */
  dpop?: boolean;
  /** `required`: a proof without the provider's nonce is answered `use_dpop_nonce` first, as Okta does (default); `offered`: the nonce comes with every answer and is not insisted on. */
  dpopNonce?: 'required' | 'offered';
  /** `custom` (default): a custom authorization server signs people in; `org-only`: the org has none, the org server does. */
  layout?: OktaLayout;
  /** The audience of the custom server's access tokens (its "Audience" setting at Okta). Default the API's address. */
  apiAudience?: string;
  /** The my-account scopes granted to the app on its "Okta API Scopes" tab. Default all of them. */
  myAccountScopes?: readonly string[];
}

/**
 * Another app integration of the same org, which signs the same staff in at the same servers: the API must not take
 * its tokens for this app's (tests; docs/deploy.md, "Okta").
 */
export const OTHER_CLIENT_ID = 'andere-app';
/** Where the other app receives its sign-in (it has no page: only tests sign in as it). */
export const OTHER_CLIENT_CALLBACK = '/andere-app/callback';

/** The scopes of the app's API (and the OpenID Connect ones). */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

/** Where the custom authorization server lives in the org, as Okta's `default` server does. */
export const CUSTOM_SERVER_PATH = '/oauth2/default';

/**
 * The org's own apps (this one, and the other app of the org): their scopes
 * are granted by the org's administrator once, for everyone, as Okta's app
 * integrations without "Require consent"; no person is ever asked.
 */
export const FIRST_PARTY_CLIENTS: readonly string[] = [CLIENT_ID, OTHER_CLIENT_ID];

/**
 * Grants an org app everything it may ask for, for this person, at either of
 * the org's servers: the administrator's grant, which Okta keeps per app, not
 * per browser session. What the app may ask at all is the servers' business
 * (oidc.ts's clients, org-server.ts's Okta API scopes). `missing` adds what a
 * sign-in step named beyond that.
 */
export async function grantFirstParty(
  provider: Provider,
  clientId: string,
  accountId: string,
  apiAudience: string,
  missing: { scope?: string[]; claims?: string[]; resourceScopes?: Record<string, string[]> } = {},
  existing?: InstanceType<Provider['Grant']>,
): Promise<string> {
  if (!FIRST_PARTY_CLIENTS.includes(clientId)) throw new Error('a grant for an unknown client');
  const grant = existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
  // Discovery lists the my-account scopes, so oidc-provider counts them among its own too.
  grant.addOIDCScope([...SCOPES, ...MYACCOUNT_SCOPES].join(' '));
  if (missing.scope) grant.addOIDCScope(missing.scope.join(' '));
  if (missing.claims) grant.addOIDCClaims(missing.claims);
  grant.addResourceScope(apiAudience, SCOPES.join(' '));
  for (const [indicator, scopes] of Object.entries(missing.resourceScopes ?? {})) {
    if (indicator === apiAudience) grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/** The issuer the app signs in at in a layout. */
export function signInIssuer(org: string, layout: OktaLayout = 'custom'): string {
  return layout === 'org-only' ? org : `${org}${CUSTOM_SERVER_PATH}`;
}

/** An endpoint of an authorization server as Okta lays them out: `<custom issuer>/v1/<name>`, `<org>/oauth2/v1/<name>`. */
export function oktaEndpoint(
  issuer: string,
  name: 'authorize' | 'token' | 'revoke' | 'logout' | 'keys' | 'userinfo' | 'introspect',
): string {
  return new URL(issuer).pathname.startsWith('/oauth2/') ? `${issuer}/v1/${name}` : `${issuer}/oauth2/v1/${name}`;
}

const HOUR = 60 * 60;
/** A working day: long enough for a shift, short enough to re-check. */
const WORKING_DAY = 8 * HOUR;
/** How long a refresh token chain lasts unless configured: a working day, in seconds. */
export const DEFAULT_REFRESH_TOKEN_LIFETIME = WORKING_DAY;

/** The org's authorization servers: the org server always, the custom one unless the layout is `org-only`. */
export interface OktaOrg {
  org: Provider;
  custom: Provider | undefined;
  /** The server the app signs in at. */
  signIn: Provider;
}

/** The org's apps as the org server knows them: where each returns, and the Okta API scopes each was granted (the other app none). */
function orgGrants(config: IdpConfig): OrgGrants[] {
  return [
    {
      clientId: CLIENT_ID,
      redirectUris: [`${config.appOrigin}/account/logincallback`],
      oktaScopes: config.myAccountScopes ?? MYACCOUNT_SCOPES,
    },
    { clientId: OTHER_CLIENT_ID, redirectUris: [`${config.appOrigin}${OTHER_CLIENT_CALLBACK}`], oktaScopes: [] },
  ];
}

export async function createProviders(config: IdpConfig): Promise<OktaOrg> {
  const layout = config.layout ?? 'custom';
  const refreshTokens = config.refreshTokens ?? 'offline_access';
  const shared = createMemoryStore();
  const grace = config.refreshTokenGracePeriod ?? 30;
  const cookieKeys = createCookieKeys();
  const common = { config, shared, cookieKeys, grace };
  // Okta's org server issues access tokens for one hour, whatever a custom
  // server's policy says. Beside a custom server (layout A) it serves only
  // Mijn account, so its tokens live that hour here too; where it is the
  // sign-in's own server (layout B) it takes the sign-in's lifetime, which
  // the tests shorten to see renewals.
  const org = await createServer({ ...common, kind: 'org', accessTokenTtl: layout === 'custom' ? HOUR : config.accessTokenTtl });
  const custom = layout === 'custom' ? await createServer({ ...common, kind: 'custom', accessTokenTtl: config.accessTokenTtl }) : undefined;
  // The server (server.ts) hands the custom server its requests without its path; the addresses it writes carry it.
  custom?.use(async (ctx, next) => {
    ctx.mountPath = CUSTOM_SERVER_PATH;
    await next();
  });
  for (const [provider, routes] of [[org, ORG_ROUTES], ...(custom ? [[custom, CUSTOM_ROUTES] as const] : [])] as const) {
    provider.use(
      orgServerMiddleware(
        routes,
        (ctx) => {
          ctx.status = 400;
          ctx.type = 'html';
          ctx.body = errorPage(languageOf(ctx), 'invalid_request', "The 'id_token_hint' parameter is required.");
        },
        provider === org ? { issuer: config.issuer, grants: orgGrants(config) } : undefined,
      ),
    );
    provider.use(sessionEndMiddleware({ refreshTokens, authorizationPath: routes.authorization }));
    provider.use(
      oktaAnswersMiddleware({
        users: config.users,
        findRefreshToken: (value) => provider.RefreshToken.find(value, { ignoreExpiration: true }),
      }),
    );
  }
  custom?.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { scopes_supported?: string[] } | undefined;
    if (ctx.oidc?.route === 'discovery' && body?.scopes_supported)
      body.scopes_supported = body.scopes_supported.filter((scope) => SCOPES.includes(scope));
  });
  return { org, custom, signIn: custom ?? org };
}

interface ServerSetup {
  config: IdpConfig;
  kind: 'org' | 'custom';
  /** The store both servers read sessions, grants and sign-in steps from. */
  shared: ReturnType<typeof createMemoryStore>;
  cookieKeys: string[];
  grace: number;
  /** This server's access-token lifetime, in seconds. */
  accessTokenTtl: number;
}

async function createServer({ config, kind, shared, cookieKeys, grace, accessTokenTtl }: ServerSetup): Promise<Provider> {
  const { appOrigin, apiUrl, users } = config;
  const issuer = kind === 'org' ? config.issuer : signInIssuer(config.issuer, 'custom');
  const refreshTokenAbsoluteTtl = config.refreshTokenAbsoluteTtl ?? DEFAULT_REFRESH_TOKEN_LIFETIME;
  const refreshTokens = config.refreshTokens ?? 'offline_access';
  const apiAudience = config.apiAudience ?? apiUrl;
  const myAccountScopes = (config.myAccountScopes ?? MYACCOUNT_SCOPES).filter((scope) => MYACCOUNT_SCOPES.includes(scope));
  // Only the org server grants the my-account scopes, and only those its administrator granted the client (others
  // are answered consent_required there first: org-server.ts). Both servers know them (oidc-provider ignores a scope
  // it does not know), so the custom server refuses them as invalid_scope; its discovery leaves them out.
  const serverScopes = [...SCOPES, ...MYACCOUNT_SCOPES];
  const clientScopes = kind === 'org' ? [...SCOPES, ...myAccountScopes] : SCOPES;
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

  // The custom server's tokens are JWTs for the API whatever `resource` says (Okta has no such parameter).
  const apiServer = {
    scope: SCOPES.join(' '),
    audience: apiAudience,
    accessTokenFormat: 'jwt',
    accessTokenTTL: accessTokenTtl,
    jwt: { sign: { alg: 'RS256' } },
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_name: 'Isolatie medewerkers',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: refreshTokens === 'never' ? ['authorization_code'] : ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${appOrigin}/account/logincallback`],
        post_logout_redirect_uris: [`${appOrigin}/`, `${appOrigin}/account/login`],
        // What the client may ask for: anything else is invalid_scope, as at Okta.
        scope: clientScopes.join(' '),
      },
      {
        client_id: OTHER_CLIENT_ID,
        client_name: 'Andere app',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${appOrigin}${OTHER_CLIENT_CALLBACK}`],
        scope: SCOPES.join(' '),
      },
    ],
    adapter: sharedSessions(shared, createMemoryStore({ refreshTokenGracePeriod: grace })),
    jwks: { keys: [await createSigningJwk()] },
    cookies: { keys: cookieKeys },
    routes: kind === 'org' ? ORG_ROUTES : CUSTOM_ROUTES,
    responseTypes: ['code'],
    // The pages speak the app's two languages (ui_locales, OIDC Core 3.1.2.1).
    discovery: { claim_types_supported: ['normal'], ui_locales_supported: [...LANGUAGES] },
    scopes: serverScopes,
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
    // The grant this browser's session holds for the app, else the administrator's for the person now signed in
    // (someone who signed in through another app of the org, or after another person in this browser): an org app is
    // never answered consent_required for want of a person's consent, as at Okta. Okta API scopes the app was not
    // granted are answered consent_required before this (org-server.ts).
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId;
      const grantId = oidc.result?.consent?.grantId ?? (clientId ? oidc.session?.grantIdFor(clientId) : undefined);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const accountId = oidc.session?.accountId;
      if (!clientId || !accountId || !FIRST_PARTY_CLIENTS.includes(clientId)) return undefined;
      return oidc.provider.Grant.find(await grantFirstParty(oidc.provider, clientId, accountId, apiAudience));
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // Proofs are checked and nonces required when a client sends them; the
      // tokens it gets (refresh tokens too, the client being public) are bound
      // to its key. A client without proofs still gets plain bearer tokens.
      dPoP: {
        enabled: config.dpop ?? true,
        nonceSecret: randomBytes(32),
        requireNonce: () => (config.dpopNonce ?? 'required') === 'required',
      },
      // Okta's /introspect takes a public client by its client_id and names the token's client in the answer, whoever
      // asks: the caller (the API, layout B) decides whether that client is the app (docs/deploy.md). oidc-provider's
      // default would answer `active: false` for another client's token; Okta publishes no such rule, and the check
      // that matters is the caller's, so it is left to the caller here.
      introspection: { enabled: true, allowedPolicy: () => true },
      revocation: {
        enabled: true,
        // Only the client a token was issued to may revoke it.
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) => token.clientId === client.clientId,
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
      // The org server's tokens are opaque (no audience: its own /userinfo
      // and my-account API read them); the custom server's are JWTs for the API.
      resourceIndicators: {
        enabled: kind === 'custom',
        defaultResource: () => apiAudience,
        getResourceServerInfo: () => apiServer,
        useGrantedResource: () => true,
      },
    },
    // As at Okta, a refresh token only when the grant has offline_access
    // (session-end.ts); `always` gives one on every code grant, `never`
    // none. Either way it rotates on each use (store.ts keeps the grace period).
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }, source: { scopes: Set<string> }) =>
      client.grantTypeAllowed('refresh_token') &&
      (refreshTokens === 'always' || (refreshTokens === 'offline_access' && source.scopes.has('offline_access'))),
    rotateRefreshToken: () => true,
    formats: { customizers: { jwt: oktaAccessToken(users) } },
    extraTokenClaims: (ctx: KoaContextWithOIDC, token: TokenInfo) => {
      const user = token.accountId ? users.findBySub(token.accountId) : undefined;
      if (!user) return undefined;
      if (kind === 'org') {
        // An org token says when its person signed in (the refresh token's or
        // the code's auth_time, as Okta keeps it through prompt=none and
        // refreshes): the my-account API's 15-minute rule reads it.
        const entities = ctx.oidc.entities ?? {};
        const authTime = entities.RefreshToken?.authTime ?? entities.AuthorizationCode?.authTime ?? ctx.oidc.session?.authTime;
        return typeof authTime === 'number' ? { auth_time: authTime } : undefined;
      }
      // The API maps the caller to its user by e-mail address, and registers
      // a caller it does not know yet with these names.
      return { email: user.email, preferred_username: user.userName, given_name: user.givenName, family_name: user.familyName };
    },
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === appOrigin,
    renderError: (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(languageOf(ctx), out.error ?? 'server_error', out.error_description);
    },
    ttl: {
      AccessToken: () => accessTokenTtl,
      // Okta's codes live five minutes.
      AuthorizationCode: () => 300,
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
  return provider;
}

/**
 * The custom server's access token as Okta mints it (OKTA.md, "What Okta mints"): `ver, jti, iss, aud, iat, exp, cid,
 * uid, scp, sub`, where `sub` is the person's login (here the user name they sign in with), `uid` the user id (the ID
 * token's `sub`), `cid` the client id and `scp` a list; `cnf` with DPoP. The header names no `typ`, as Okta's does not.
 * The person's names and address stay as claims an Okta administrator adds on the server's Claims tab (docs/deploy.md),
 * so the API can register someone it does not know yet.
 */
function oktaAccessToken(users: UserStore) {
  return (_ctx: unknown, token: TokenInfo, jwt: { header?: Record<string, unknown>; payload: Record<string, unknown> }) => {
    // oidc-provider's `sub` (the user id), `scope` and `client_id` become Okta's `uid`, `scp` and `cid`.
    const { jti, iss, aud, iat, exp, scope, cnf, client_id: cid, ...rest } = jwt.payload;
    const custom = Object.fromEntries(Object.entries(rest).filter(([name]) => name !== 'sub'));
    const user = token.accountId ? users.findBySub(token.accountId) : undefined;
    jwt.header = { typ: undefined };
    jwt.payload = {
      ver: 1,
      jti,
      iss,
      aud,
      iat,
      exp,
      cid,
      uid: token.accountId,
      scp: words(scope),
      sub: user?.userName ?? token.accountId,
      ...(cnf ? { cnf } : {}),
      ...custom,
    };
  };
}

/** The language of a page oidc-provider renders: the request's ui_locales, else the one this browser's sign-in asked for. */
function languageOf(ctx: Pick<KoaContextWithOIDC, 'query' | 'get'>) {
  const uiLocales = ctx.query.ui_locales;
  return pageLanguage(typeof uiLocales === 'string' ? uiLocales : undefined, ctx.get('cookie'));
}
