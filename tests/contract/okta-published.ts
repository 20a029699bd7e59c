// What Okta publishes about the calls the app makes: its MyAccount API
// (`<org>/idp/myaccount`) and its two kinds of authorization server. Facts
// only, in our own shape, each with the public file it was read from (the
// repository, the path and the commit the repository stood at when read,
// and the part of the file). Where Okta's own material disagrees with
// itself, the row says so (`disagreement`) and names what the app does.
//
// tests/contract/myaccount.contract.test.ts holds the app's operation table
// (src/myaccount/operations.lazy.ts) and the local provider's imitation of
// the MyAccount API to these rows. This file is the reference; neither the
// app nor the imitation reads it, so a wrong row on their side shows.

export interface PublishedSource {
  readonly repo: string;
  readonly path: string;
  /** The commit the repository stood at when the file was read. */
  readonly commit: string;
  /** Where in the file: an operationId, a schema, a heading. */
  readonly at: string;
}

const SPEC_COMMIT = 'fdda229e82940cf5af4611ad673ca6a27974e31b';
const DOCS_COMMIT = '468de9c511b5e4009bb5f06c25cbf4b85fecb8d0';
/** The MyAccount reference page as it last stood before it moved to the generated reference (removed in 982a3bc1). */
const DOCS_MYACCOUNT_COMMIT = 'ecf85338c0d88aae810ca6c2624090735b6f6688';
const AUTHJS_COMMIT = '2c925205d7a5d673e447e2e8db65484d27677165';
const DOCS = 'packages/@okta/vuepress-site/docs';

const source =
  (repo: string, path: string, commit: string) =>
  (at: string): PublishedSource => ({ repo, path, commit, at });
/** The MyAccount API's OpenAPI definition. */
export const spec = source('okta/okta-management-openapi-spec', 'dist/current/idp-oneOfInheritance.yaml', SPEC_COMMIT);
/** The authorization servers' OpenAPI definition. */
export const oauthSpec = source('okta/okta-management-openapi-spec', 'dist/current/oauth-oneOfInheritance.yaml', SPEC_COMMIT);
const managementSpec = source('okta/okta-management-openapi-spec', 'dist/current/management-oneOfInheritance.yaml', SPEC_COMMIT);
const docsMyAccount = source('okta/okta-developer-docs', `${DOCS}/reference/api/myaccount/index.md`, DOCS_MYACCOUNT_COMMIT);
const docsAccountManagement = source(
  'okta/okta-developer-docs',
  `${DOCS}/guides/configure-user-scoped-account-management/main/index.md`,
  DOCS_COMMIT,
);
const docsRefresh = source('okta/okta-developer-docs', `${DOCS}/guides/refresh-tokens/main/index.md`, DOCS_COMMIT);
const docsOktaApis = source('okta/okta-developer-docs', `${DOCS}/guides/implement-oauth-for-okta/main/index.md`, DOCS_COMMIT);
const docsAuthServers = source('okta/okta-developer-docs', `${DOCS}/concepts/auth-servers/index.md`, DOCS_COMMIT);
const docsValidate = source('okta/okta-developer-docs', `${DOCS}/guides/validate-access-tokens/main/index.md`, DOCS_COMMIT);
const docsDpop = source('okta/okta-developer-docs', `${DOCS}/guides/dpop/main/oktaresourceserver/diagram.md`, DOCS_COMMIT);
const docsErrorCodes = source('okta/okta-developer-docs', `${DOCS}/reference/error-codes/index.md`, DOCS_COMMIT);
const authJs = (path: string) => source('okta/okta-auth-js', path, AUTHJS_COMMIT);
/** Okta's catalogue of OAuth error answers. */
const oauthErrorCodes = source('okta/okta-developer-docs', 'packages/@okta/vuepress-site/data/oauth2-error-codes.json', DOCS_COMMIT);

/** An error answer: the status and Okta's `errorCode`. */
export interface PublishedError {
  readonly status: number;
  readonly errorCode: string;
}
const error = (status: number, errorCode: string): PublishedError => ({ status, errorCode });

export interface PublishedOperation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below `/idp/myaccount`, with Okta's `{name}` path parameters. */
  readonly path: string;
  /** The one scope the operation's security names. */
  readonly scope: string;
  /** GA, or limited availability (an org may not have it). */
  readonly lifecycle: 'GA' | 'LIMITED_GA';
  /** Every body field the definition lists, nested ones dotted (`profile.email`); `profile` alone where any profile attribute goes. */
  readonly requestFields: readonly string[];
  /** The body fields the definition marks required. */
  readonly requiredFields: readonly string[];
  /** The success answer's top-level fields (none for an empty answer; an item's fields for a list). */
  readonly answerFields: readonly string[];
  /** Every success status a source names; more than one only where the sources disagree. */
  readonly success: readonly number[];
  /** The error answers published for this operation, beside those of every operation (`EVERY_OPERATION_ERRORS`). */
  readonly errors: readonly PublishedError[];
  readonly sources: readonly PublishedSource[];
  /** Where Okta's sources disagree, what each says and what the app does about it. */
  readonly disagreement?: string;
}

/** The MyAccount operations the app calls, by Okta's operationId. */
export const MYACCOUNT_OPERATIONS = {
  getProfile: {
    method: 'GET',
    path: '/profile',
    scope: 'okta.myAccount.profile.read',
    lifecycle: 'GA',
    requestFields: [],
    requiredFields: [],
    answerFields: ['createdAt', 'modifiedAt', 'profile', '_links'],
    success: [200],
    errors: [],
    sources: [spec('getProfile, Profile-Retrieval-Response')],
  },
  replaceProfile: {
    method: 'PUT',
    path: '/profile',
    scope: 'okta.myAccount.profile.manage',
    lifecycle: 'GA',
    requestFields: ['profile'],
    requiredFields: [],
    answerFields: ['createdAt', 'modifiedAt', 'profile', '_links'],
    success: [200],
    errors: [error(400, 'E0000001')],
    sources: [
      spec('replaceProfile, Error-UpdateProfile-Response-400'),
      docsMyAccount('Update My User Profile: PUT only, no partial update, every attribute GET returns, optional ones as null'),
    ],
  },
  createEmail: {
    method: 'POST',
    path: '/emails',
    scope: 'okta.myAccount.email.manage',
    lifecycle: 'GA',
    requestFields: ['profile.email', 'sendEmail', 'state', 'role'],
    requiredFields: ['profile.email'],
    answerFields: ['id', 'status', 'roles', 'profile', '_links'],
    success: [201],
    errors: [error(400, 'E0000001'), error(403, 'E0000038'), error(409, 'E0000157')],
    sources: [spec('createEmail, Unverified-Email-Response')],
  },
  sendEmailChallenge: {
    method: 'POST',
    path: '/emails/{id}/challenge',
    scope: 'okta.myAccount.email.manage',
    lifecycle: 'GA',
    requestFields: ['state'],
    requiredFields: [],
    answerFields: ['id', 'status', 'expiresAt', 'profile', '_links'],
    success: [201],
    errors: [error(403, 'E0000038'), error(404, 'E0000007')],
    sources: [spec('sendEmailChallenge'), authJs('lib/myaccount/emailApi.ts')('sendEmailChallenge')],
    disagreement:
      'The definition marks `state` required in the schema and calls it optional in its description; okta-auth-js sends no body. The app sends none, as okta-auth-js does.',
  },
  verifyEmailOtp: {
    method: 'POST',
    path: '/emails/{id}/challenge/{challengeId}/verify',
    scope: 'okta.myAccount.email.manage',
    lifecycle: 'GA',
    requestFields: ['verificationCode'],
    requiredFields: ['verificationCode'],
    answerFields: [],
    success: [200, 204],
    errors: [error(401, 'E0000004'), error(403, 'E0000038'), error(404, 'E0000007')],
    sources: [
      spec('verifyEmailOtp: 200, Error-VerifyPhoneEmail-Response-401'),
      docsMyAccount('Verify My Email: an empty 204; 401 E0000004 for a wrong code'),
      authJs('test/integration/spec/myaccount/email.ts')('a wrong code is 401'),
    ],
    disagreement: 'The definition answers 200, the older reference page an empty 204. The app takes either as done.',
  },
  listPhones: {
    method: 'GET',
    path: '/phones',
    scope: 'okta.myAccount.phone.read',
    lifecycle: 'GA',
    requestFields: [],
    requiredFields: [],
    answerFields: ['id', 'status', 'profile', '_links'],
    success: [200],
    errors: [],
    sources: [spec('listPhones, Phone-Array-Response')],
  },
  createPhone: {
    method: 'POST',
    path: '/phones',
    scope: 'okta.myAccount.phone.manage',
    lifecycle: 'GA',
    requestFields: ['profile', 'profile.phoneNumber', 'sendCode', 'method'],
    /** The definition marks `profile` required (the object), not `profile.phoneNumber`. */
    requiredFields: ['profile'],
    answerFields: ['id', 'status', 'profile', '_links'],
    success: [201],
    errors: [error(400, 'E0000001'), error(403, 'E0000038'), error(409, 'E0000157'), error(500, 'E0000138')],
    sources: [spec('createPhone, Unverified-Phone-Response')],
  },
  sendPhoneChallenge: {
    method: 'POST',
    path: '/phones/{id}/challenge',
    scope: 'okta.myAccount.phone.manage',
    lifecycle: 'GA',
    requestFields: ['method', 'retry'],
    requiredFields: ['method'],
    answerFields: ['_links'],
    success: [200],
    errors: [error(400, 'E0000001'), error(403, 'E0000038'), error(404, 'E0000008'), error(500, 'E0000138')],
    sources: [
      spec('sendPhoneChallenge, Challenged-Phone-Response'),
      docsMyAccount('Send Phone Challenge: 429 when asked again within 30 seconds'),
    ],
  },
  verifyPhoneChallenge: {
    method: 'POST',
    path: '/phones/{id}/verify',
    scope: 'okta.myAccount.phone.manage',
    lifecycle: 'GA',
    requestFields: ['verificationCode'],
    requiredFields: ['verificationCode'],
    answerFields: [],
    success: [204],
    errors: [error(400, 'E0000001'), error(401, 'E0000004'), error(403, 'E0000038'), error(404, 'E0000008'), error(409, 'E0000157')],
    sources: [
      spec('verifyPhoneChallenge, Error-Verify-Phone-Response-400'),
      docsMyAccount('Verify Phone Challenge: an empty 204; an invalid code 400 E0000001, a failed challenge 401 E0000004'),
    ],
    disagreement:
      'A wrong code: the reference page says both 400 E0000001 and 401 E0000004, the definition lists 400 "factorId and/or verificationCode" beside 401 E0000004. The app says either as a wrong code.',
  },
  updatePassword: {
    method: 'POST',
    path: '/password/change-password',
    scope: 'okta.myAccount.password.manage',
    lifecycle: 'LIMITED_GA',
    requestFields: ['oldPassword', 'newPassword'],
    requiredFields: ['oldPassword', 'newPassword'],
    answerFields: [],
    success: [204],
    errors: [error(400, 'E0000001'), error(401, 'E0000015'), error(403, 'E0000006')],
    sources: [spec('updatePassword: x-okta-lifecycle LIMITED_GA on the path; Error-IdpMyAccountNotEnabled-Response-401')],
    disagreement:
      'Limited availability: an org without it answers 401 E0000015. okta-auth-js changes a password with PUT /password (replacePassword) instead. The app asks this one first, as it checks the current password; on 401 E0000015 it sends nothing more, and the form offers PUT /password as a reset that does not ask the current password.',
  },
  replacePassword: {
    method: 'PUT',
    path: '/password',
    scope: 'okta.myAccount.password.manage',
    lifecycle: 'GA',
    requestFields: ['profile.password'],
    requiredFields: ['profile.password'],
    answerFields: ['id', 'status', 'created', 'lastUpdated', '_links'],
    success: [201],
    errors: [error(400, 'E0000001'), error(403, 'E0000038')],
    sources: [
      spec('replacePassword, Password-Enrolled-Response'),
      authJs('lib/myaccount/passwordApi.ts')('updatePassword: PUT /idp/myaccount/password'),
      docsMyAccount('Replace My Password'),
    ],
    disagreement:
      'A reset: the definition says the person need not know the current password. okta-auth-js types also allow `profile.currentPassword`, which the definition does not list; the app sends only `profile.password`. The reference page names no status; the definition says 201.',
  },
} as const satisfies Record<string, PublishedOperation>;
export type PublishedOperationName = keyof typeof MYACCOUNT_OPERATIONS;

/** Errors any MyAccount operation may answer, whatever its own list says. */
export const EVERY_OPERATION_ERRORS = {
  notEnabled: { ...error(401, 'E0000015'), sources: [spec('Error-IdpMyAccountNotEnabled-Response-401')] },
  /** LOCAL: Okta publishes no error body for a refused token on MyAccount; E0000011 is the management API's answer. */
  invalidToken: { ...error(401, 'E0000011'), sources: [managementSpec('ErrorInvalidTokenProvided')], local: true },
  /** A token without the operation's scope, or one whose authentication is too old (with the challenge below). */
  accessDenied: { ...error(403, 'E0000006'), sources: [spec('ErrorAccessDenied')] },
  notAcceptable: { ...error(406, 'E0000149'), sources: [spec('ErrorNotAcceptable406')] },
  tooManyRequests: {
    ...error(429, 'E0000047'),
    sources: [spec('ErrorTooManyRequests'), docsMyAccount('Send Phone Challenge, Verify Phone Challenge: 429')],
  },
} as const;

/** How every MyAccount call is made and refused. */
export const MYACCOUNT_RULES = {
  base: '/idp/myaccount',
  /** The Accept header every call sends; without it the answer is 406 E0000149. */
  accept: 'application/json; okta-version=1.0.0',
  acceptSources: [docsMyAccount('API versioning'), spec('ErrorNotAcceptable406')],
  acceptDisagreement:
    "okta-auth-js sends `*/*;okta-version=1.0.0` (lib/myaccount/request.ts); the reference page's form is the one the app sends.",
  /** A DPoP-bound token goes with the DPoP scheme and a proof JWT for this call: its method (`htm`), its address (`htu`) and the token's hash (`ath`). */
  dpop: { scheme: 'DPoP', proofType: 'dpop+jwt', proofClaims: ['htm', 'htu', 'ath'] },
  dpopSources: [docsDpop('Okta resource server: ath, htm, htu'), authJs('lib/myaccount/request.ts')('DPoP proof for a bound token')],
  /** An error answer's fields, and a cause's. */
  errorFields: ['errorCode', 'errorSummary', 'errorLink', 'errorId', 'errorCauses'],
  causeFields: ['errorSummary'],
  errorSources: [spec('components/examples, Error-*-Response'), docsErrorCodes('error object')],
  /** A create, update or delete needs an authentication at most this old; otherwise 403 with the challenge below. */
  recentAuthentication: {
    maxAgeSeconds: 900,
    status: 403,
    /** The `WWW-Authenticate` challenge, as scheme and parameters. */
    challenge: {
      scheme: 'Bearer',
      realm: 'IdpMyAccountAPI',
      error: 'insufficient_authentication_context',
      error_description: 'The access token requires additional assurance to access the resource',
      max_age: '900',
    },
    /** okta-auth-js reads these from the challenge and passes them to the new authorization request. */
    reauthenticateWith: ['max_age', 'acr_values'],
    sources: [
      docsMyAccount('Access Token assurance'),
      authJs('lib/myaccount/README.md')('Handling insufficient_authentication_context error'),
    ],
  },
  /** The scopes an administrator grants on the app integration's "Okta API Scopes" tab, org authorization server. */
  scopes: [
    'okta.myAccount.profile.read',
    'okta.myAccount.profile.manage',
    'okta.myAccount.email.read',
    'okta.myAccount.email.manage',
    'okta.myAccount.phone.read',
    'okta.myAccount.phone.manage',
    'okta.myAccount.password.read',
    'okta.myAccount.password.manage',
  ],
  scopeSources: [docsAccountManagement('Grant the required scopes'), authJs('lib/myaccount/README.md')('scopes')],
} as const;

/** What the authorization servers publish for the sign-in, the refresh and the sign-out. */
export const AUTHORIZATION_SERVERS = {
  org: {
    issuer: 'https://{org}',
    endpoints: {
      authorize: '/oauth2/v1/authorize',
      token: '/oauth2/v1/token',
      keys: '/oauth2/v1/keys',
      userinfo: '/oauth2/v1/userinfo',
      logout: '/oauth2/v1/logout',
      revoke: '/oauth2/v1/revoke',
    },
    /** The only server whose tokens carry Okta API scopes (okta.myAccount.* among them). */
    mintsOktaApiScopes: true,
    /** Its access tokens are for Okta alone: opaque to anyone else, who learns the person from /userinfo. */
    accessTokenConsumer: 'okta',
    sources: [
      oauthSpec('/oauth2/v1/*'),
      docsAuthServers('org authorization server: only it mints Okta API scopes'),
      docsValidate('only Okta consumes the org server’s access tokens'),
    ],
  },
  custom: {
    issuer: 'https://{org}/oauth2/{authorizationServerId}',
    endpoints: {
      authorize: '/oauth2/{authorizationServerId}/v1/authorize',
      token: '/oauth2/{authorizationServerId}/v1/token',
      keys: '/oauth2/{authorizationServerId}/v1/keys',
      userinfo: '/oauth2/{authorizationServerId}/v1/userinfo',
      logout: '/oauth2/{authorizationServerId}/v1/logout',
    },
    mintsOktaApiScopes: false,
    /** JWTs with the audience the server is configured for, checked by your API with the server's keys. */
    accessTokenConsumer: 'your API',
    sources: [
      oauthSpec('/oauth2/{authorizationServerId}/v1/*'),
      docsAuthServers('custom authorization server'),
      docsValidate('validate a custom server’s JWT'),
    ],
    disagreement:
      'The account-management guide says a custom server grants the MyAccount scopes by default; the auth-servers page says only the org server mints tokens with Okta API scopes. The app asks the org server for its MyAccount token, which both allow.',
    disagreementSources: [docsAccountManagement('Grant the required scopes: note on custom authorization servers')],
  },
  authorize: {
    required: ['client_id', 'redirect_uri', 'response_type', 'scope', 'state'],
    /** PKCE: the only challenge method. */
    codeChallengeMethods: ['S256'],
    /** What a `state` may hold: letters, digits, comma, period, underscore, hyphen. */
    stateCharacters: /^[A-Za-z0-9,._-]+$/,
    /** The listed parameters, on both kinds of server; anything else (`resource`, `ui_locales`, `dpop_jkt`) is not Okta's. */
    parameters: [
      'acr_values',
      'client_id',
      'code_challenge',
      'code_challenge_method',
      'display',
      'enroll_amr_values',
      'idp_scope',
      'idp',
      'interclient_token',
      'login_hint',
      'max_age',
      'nonce',
      'prompt',
      'redirect_uri',
      'response_type',
      'response_mode',
      'request_uri',
      'request',
      'scope',
      'sessionToken',
      'state',
    ],
    /**
     * Parameters the app sends that are not Okta's, which Okta ignores: `ui_locales` (the local provider's pages
     * speak the app's language; Okta's widget takes the browser's) and `dpop_jkt` (RFC 9449 §10 binds the code to the
     * key; Okta binds at the token endpoint).
     */
    ignoredExtensions: ['ui_locales', 'dpop_jkt'],
    prompt: ['consent', 'enroll_authenticator', 'login', 'login consent', 'none'],
    acrValues: ['phr', 'phrh', 'urn:okta:loa:1fa:any', 'urn:okta:loa:1fa:pwd', 'urn:okta:loa:2fa:any', 'urn:okta:loa:2fa:any:ifpossible'],
    sources: [oauthSpec('authorize, /oauth2/{authorizationServerId}/v1/authorize: parameters')],
  },
  scopes: {
    /** A scope the server does not know or the app may not ask for is refused for the whole request. */
    unknown: 'invalid_scope',
    /** Okta API scopes (okta.myAccount.* among them) the app integration was not granted, at the org server: consent_required ("no_org_scopes_granted"). Only a Super Admin grants them. */
    ungrantedOktaApiScopes: 'consent_required',
    ungrantedDescription: 'You are not allowed any of the requested scopes.',
    sources: [
      docsOktaApis('Define allowed scopes: checked against the grants collection'),
      oauthErrorCodes('no_org_scopes_granted: consent_required'),
      docsErrorCodes('invalid_scope'),
    ],
  },
  token: {
    /** A refresh token comes only when `offline_access` was asked at /authorize (code flow) or in the refresh. */
    refreshTokenNeeds: 'offline_access',
    /** A refresh may ask a subset of the refresh token's original scopes, no more. */
    refreshScope: 'subset',
    /** `resource` exists only on the token-exchange grant, never on the code or refresh grant. */
    resourceOnlyIn: 'urn:ietf:params:oauth:grant-type:token-exchange',
    answerFields: ['access_token', 'token_type', 'expires_in', 'scope', 'refresh_token', 'id_token'],
    /** The code grant of a public client with PKCE: every field it sends. */
    codeGrant: { required: ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'client_id'], optional: [] as string[] },
    /** The refresh grant: okta-auth-js sends the sign-in's scopes with every refresh, and the guides say to (openid for a new ID token). */
    refreshGrant: { required: ['grant_type', 'refresh_token', 'client_id', 'scope'], optional: [] as string[] },
    sources: [
      oauthSpec('TokenRequestRefreshToken, TokenResponse, TokenRequestTokenExchange'),
      docsRefresh('Get a refresh token: grant types and scopes; Use a refresh token: include openid in scope'),
      authJs('lib/oidc/renewTokens.ts')('renewTokens: scopes of the original tokens'),
    ],
  },
  rotation: {
    /** A single-page app's refresh tokens rotate on every use by default. */
    spaDefault: 'ROTATE',
    graceSeconds: { min: 0, max: 60, default: 30 },
    /** A rotated token used again after the grace period revokes the newest refresh token and every access token since the sign-in. */
    reuse: 'revokes the chain',
    /** The rotated token keeps the first one's expiry. */
    lifetime: 'inherited',
    sources: [docsRefresh('Refresh token rotation, reuse detection, grace period')],
  },
  logout: {
    required: ['id_token_hint'],
    optional: ['post_logout_redirect_uri', 'state'],
    /** `client_id` is RP-Initiated Logout 1.0's, not a listed Okta parameter: Okta ignores it (the ID token names the client). */
    ignoredExtensions: ['client_id'],
    sources: [oauthSpec('logout, logoutWithPost')],
  },
} as const;
