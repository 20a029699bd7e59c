// The facts of Okta's MyAccount API (`<org>/idp/myaccount`) that the app
// and the local provider's imitation both rely on, one row per operation
// the app uses, each with where it is published:
//   SPEC  okta/okta-management-openapi-spec dist/current/idp-oneOfInheritance.yaml
//   AJS   okta/okta-auth-js lib/myaccount/ and its integration tests
//   DD    okta/okta-developer-docs reference/api/myaccount/ and the guides
//   LOCAL the imitation's own choice where Okta publishes nothing (a sentence, a limit)
// The app's client (myAccount.ts) builds its calls from these rows, the
// imitation (devstack/provider/myaccount/) routes and answers by them, and
// tests/contract/myaccount.contract.test.ts holds this table and the
// imitation's answers to what Okta publishes (tests/contract/okta-published.ts).
// Loaded only with Mijn account, never at the start.

export type Source = 'SPEC' | 'AJS' | 'DD' | 'LOCAL';
export type MyAccountArea = 'profile' | 'email' | 'phone' | 'password';

/** Every call sends this Accept header; without it Okta answers 406 E0000149 (SPEC ErrorNotAcceptable406). */
export const ACCEPT = 'application/json; okta-version=1.0.0';

/** One error answer: its status, Okta's errorCode and errorSummary, and the sentences its causes may carry. */
export interface OktaErrorFact {
  readonly status: number;
  readonly errorCode: string;
  readonly errorSummary: string;
  readonly source: Source;
}

export interface MyAccountOperation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below `/idp/myaccount`, Okta's `{id}` parameters as `:id` (the router's spelling). */
  readonly path: string;
  readonly scope: `okta.myAccount.${MyAccountArea}.${'read' | 'manage'}`;
  /** The body's fields (dotted for nested ones); the whole profile for PUT /profile. */
  readonly request: readonly string[];
  /** The success answer's top-level fields; none for 204. */
  readonly answer: readonly string[];
  /** The statuses that mean done; more than one where Okta's sources disagree (the client takes any 2xx). */
  readonly success: readonly (200 | 201 | 204)[];
  /** Create, update or delete: needs an authentication at most 15 minutes old (DD, AJS README). */
  readonly recentAuthentication: boolean;
  /** The refusals the app handles, by name. */
  readonly errors: readonly OktaErrorName[];
  readonly source: readonly Source[];
}

/** Okta's error answers the app and the imitation use (SPEC components/responses unless LOCAL). */
export const ERRORS = {
  validation: { status: 400, errorCode: 'E0000001', errorSummary: 'Api validation failed: forUpdate', source: 'SPEC' },
  /** LOCAL: Okta publishes no error body for a refused token on MyAccount; the client reads only the `invalid_token` challenge. */
  invalidToken: { status: 401, errorCode: 'E0000011', errorSummary: 'Invalid token provided', source: 'LOCAL' },
  /** SPEC Error-IdpMyAccountNotEnabled-Response-401: also an org's answer where it lacks change-password (limited availability). */
  notEnabled: {
    status: 401,
    errorCode: 'E0000015',
    errorSummary: 'You do not have permission to access the feature you are requesting',
    source: 'SPEC',
  },
  wrongCode: { status: 401, errorCode: 'E0000004', errorSummary: 'Authentication failed', source: 'SPEC' },
  notAllowed: {
    status: 403,
    errorCode: 'E0000038',
    errorSummary: "This operation is not allowed in the user's current status.",
    source: 'SPEC',
  },
  forbidden: {
    status: 403,
    errorCode: 'E0000006',
    errorSummary: 'You do not have permission to perform the requested action',
    source: 'SPEC',
  },
  notFound: { status: 404, errorCode: 'E0000007', errorSummary: 'Not found: Resource not found', source: 'SPEC' },
  phoneNotFound: { status: 404, errorCode: 'E0000008', errorSummary: 'The requested path was not found', source: 'SPEC' },
  notAcceptable: { status: 406, errorCode: 'E0000149', errorSummary: 'The HTTP request is not acceptable', source: 'SPEC' },
  conflict: {
    status: 409,
    errorCode: 'E0000157',
    errorSummary: 'Another authenticator with key: email is already active.',
    source: 'SPEC',
  },
  tooSoon: { status: 429, errorCode: 'E0000047', errorSummary: 'API call exceeded rate limit due to too many requests.', source: 'DD' },
  sendFailed: { status: 500, errorCode: 'E0000138', errorSummary: 'There was an internal error with call provider(s).', source: 'SPEC' },
} as const satisfies Record<string, OktaErrorFact>;
export type OktaErrorName = keyof typeof ERRORS;

/**
 * The English sentences Okta's `errorCauses` carry (its only detail: no
 * field, no reason code), as functions of the property they name where
 * they name one. The app recognises them to put a Dutch text next to the
 * field; the imitation says them.
 */
export const CAUSES = {
  /** SPEC Error-UpdateProfile-Response-400. */
  missingProperty: (property: string) => `Property '${property}' needs a value passed.  To unset it, explicitly set it to null.`,
  readOnlyProperty: (property: string) => `Property '${property}' is read only.  The value supplied must exactly match the existing value.`,
  unknownProperty: (property: string) => `Property '${property}' does not exist or is not accessible.`,
  /** Okta's user-profile validation (LOCAL: the users API's wording). */
  blank: (property: string) => `${property}: The field cannot be left blank`,
  tooLong: (property: string) => `${property}: The field cannot exceed 50 characters`,
  /** SPEC Error-InvalidEmail-Response-400, Error-Create-Phone-Response-400. */
  invalidEmail: 'Invalid email address.',
  invalidPhone: 'Invalid phone number.',
  invalidMethod: (method: string) => `Invalid method ${method} in the request.`,
  /** SPEC Error-EmailConflict-Response-409, Error-PhoneNumberExists-Response-409. */
  emailExists: (email: string) => `The email ${email} is already registered to the current user profile.`,
  phoneExists: 'This phone number is already assigned to the current user account.',
  /** SPEC Error-VerifyPhoneEmail-Response-401; the expired and too-many sentences are LOCAL. */
  wrongCode: 'The verification challenge failed due to an invalid code.',
  expiredCode: 'The verification code has expired.',
  tooManyAttempts: 'Too many failed attempts to verify the code.',
  /** SPEC Error-InvalidTransaction-Response-409. */
  noTransaction: 'Failed to find a transaction. Either the challenge was answered or the factor id is invalid.',
  /** SPEC Error-InvalidPassword-Reponse-400, with the local policy's rules. */
  weakPassword: (requirements: string) => `password: Password requirements were not met. Password requirements: ${requirements}.`,
  /** LOCAL: Okta's users API's sentence for a wrong current password. */
  wrongOldPassword: 'oldPassword: The credentials provided were incorrect.',
  /** SPEC Error-Challenge-Phone: asked again within 30 s (DD sendPhoneChallenge). */
  tooSoon: 'A new code can be sent 30 seconds after the last one.',
} as const;

/**
 * The 15-minute rule: a change with an access token whose authentication
 * (`auth_time`) is older is refused with 403 and exactly this header
 * (DD reference/api/myaccount, AJS lib/myaccount/README.md). Okta may ask
 * more with the same error: `max_age=0` and `acr_values`
 * (`reauthenticationDemands` reads whichever it names).
 */
export const RECENT_AUTHENTICATION_SECONDS = 900;
export const RECENT_AUTHENTICATION_CHALLENGE =
  'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="The access token requires additional assurance to access the resource", max_age=900';

/** What a 401 or 403 names in its WWW-Authenticate header (RFC 6750 §3), when anything. */
export function challengeError(header: string | null | undefined): string | undefined {
  return challengeParameter(header, 'error');
}

/** One auth-param of a challenge (RFC 9110 §11.2): `name="quoted"` or `name=token`, the first with that name. */
function challengeParameter(header: string | null | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|[\\s,])${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s,]+))`, 'i').exec(header ?? '');
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/**
 * What Okta's `insufficient_authentication_context` challenge asks of a
 * fresh authentication: its `max_age` (whole seconds, 0 included) and its
 * `acr_values`, each only when named, as okta-auth-js passes them on.
 */
export function reauthenticationDemands(header: string | null | undefined): { maxAge?: number; acrValues?: string } {
  const maxAge = challengeParameter(header, 'max_age');
  const acrValues = challengeParameter(header, 'acr_values');
  return {
    ...(maxAge !== undefined && /^\d+$/.test(maxAge) ? { maxAge: Number(maxAge) } : {}),
    ...(acrValues ? { acrValues } : {}),
  };
}

/** Seconds between a phone number's challenges (DD sendPhoneChallenge: 429 within 30 s). */
export const PHONE_CHALLENGE_INTERVAL_SECONDS = 30;

/** The operations the app calls, by name. */
export const OPERATIONS = {
  getProfile: {
    method: 'GET',
    path: '/profile',
    scope: 'okta.myAccount.profile.read',
    request: [],
    answer: ['profile', '_links'],
    success: [200],
    recentAuthentication: false,
    errors: ['notAcceptable'],
    source: ['SPEC'],
  },
  /** The whole profile: every attribute GET returns, optional ones as null (DD "All values returned … must pass"; AJS's sample merges the edit). */
  updateProfile: {
    method: 'PUT',
    path: '/profile',
    scope: 'okta.myAccount.profile.manage',
    request: ['profile'],
    answer: ['profile', '_links'],
    success: [200],
    recentAuthentication: true,
    errors: ['validation', 'forbidden'],
    source: ['SPEC', 'DD', 'AJS'],
  },
  listPhones: {
    method: 'GET',
    path: '/phones',
    scope: 'okta.myAccount.phone.read',
    request: [],
    answer: [],
    success: [200],
    recentAuthentication: false,
    errors: [],
    source: ['SPEC'],
  },
  createEmail: {
    method: 'POST',
    path: '/emails',
    scope: 'okta.myAccount.email.manage',
    request: ['profile.email', 'role', 'sendEmail'],
    answer: ['id', 'status', 'roles', 'profile', '_links'],
    success: [201],
    recentAuthentication: true,
    errors: ['validation', 'notAllowed', 'conflict', 'forbidden'],
    source: ['SPEC'],
  },
  challengeEmail: {
    method: 'POST',
    path: '/emails/:id/challenge',
    scope: 'okta.myAccount.email.manage',
    request: [],
    answer: ['id', 'status', 'expiresAt', '_links'],
    success: [201],
    recentAuthentication: true,
    errors: ['notFound', 'forbidden'],
    source: ['SPEC'],
  },
  /** 200 in SPEC, an empty 204 in the older DD reference: either is done; a wrong code is 401 E0000004 (SPEC, AJS's integration test). */
  verifyEmail: {
    method: 'POST',
    path: '/emails/:id/challenge/:challengeId/verify',
    scope: 'okta.myAccount.email.manage',
    request: ['verificationCode'],
    answer: [],
    success: [200, 204],
    recentAuthentication: true,
    errors: ['wrongCode', 'notFound', 'forbidden'],
    source: ['SPEC', 'AJS'],
  },
  createPhone: {
    method: 'POST',
    path: '/phones',
    scope: 'okta.myAccount.phone.manage',
    request: ['profile.phoneNumber', 'method', 'sendCode'],
    answer: ['id', 'status', 'profile', '_links'],
    success: [201],
    recentAuthentication: true,
    errors: ['validation', 'conflict', 'sendFailed', 'forbidden'],
    source: ['SPEC'],
  },
  challengePhone: {
    method: 'POST',
    path: '/phones/:id/challenge',
    scope: 'okta.myAccount.phone.manage',
    request: ['method', 'retry'],
    answer: ['_links'],
    success: [200],
    recentAuthentication: true,
    errors: ['validation', 'phoneNotFound', 'tooSoon', 'forbidden'],
    source: ['SPEC', 'DD'],
  },
  /** A wrong code: 401 E0000004 (SPEC), or 400 E0000001 "factorId and/or verificationCode" (DD, and SPEC's 400 examples); the client says both as a wrong code. */
  verifyPhone: {
    method: 'POST',
    path: '/phones/:id/verify',
    scope: 'okta.myAccount.phone.manage',
    request: ['verificationCode'],
    answer: [],
    success: [204],
    recentAuthentication: true,
    errors: ['wrongCode', 'validation', 'phoneNotFound', 'forbidden'],
    source: ['SPEC', 'DD'],
  },
  /**
   * Limited availability at Okta (SPEC x-okta-lifecycle LIMITED_GA): an org
   * without it answers 401 E0000015; the form then offers replacePassword,
   * saying that it does not ask the current password. Asked first because
   * it checks the current password.
   */
  changePassword: {
    method: 'POST',
    path: '/password/change-password',
    scope: 'okta.myAccount.password.manage',
    request: ['oldPassword', 'newPassword'],
    answer: [],
    success: [204],
    recentAuthentication: true,
    errors: ['validation', 'notEnabled', 'forbidden'],
    source: ['SPEC'],
  },
  /** GA, and what AJS changes a password with: a reset, the current password not asked (SPEC replacePassword: 201 with the password's status). */
  replacePassword: {
    method: 'PUT',
    path: '/password',
    scope: 'okta.myAccount.password.manage',
    request: ['profile.password'],
    answer: ['id', 'status', '_links'],
    success: [201],
    recentAuthentication: true,
    errors: ['validation', 'notAllowed', 'forbidden'],
    source: ['SPEC', 'AJS'],
  },
} as const satisfies Record<string, MyAccountOperation>;
export type OperationName = keyof typeof OPERATIONS;

/** An operation's address below the API's base, its `:name` parameters filled in (encoded). */
export function operationPath(name: OperationName, parameters: Record<string, string> = {}): string {
  return OPERATIONS[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(parameters[key] ?? ''));
}

/** The my-account scopes the app's operations need, each once (a manage scope lets its area be read too): what Mijn account asks the org server for. */
export const MYACCOUNT_SCOPES = [...new Set(Object.values(OPERATIONS).map((operation) => operation.scope))].join(' ');
