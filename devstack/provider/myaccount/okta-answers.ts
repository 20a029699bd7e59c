// What the imitation of Okta's MyAccount API says when it refuses: Okta's
// error answers (status, errorCode, errorSummary) and the English sentences
// its `errorCauses` carry, written down here from Okta's published material
// (okta/okta-management-openapi-spec idp-oneOfInheritance.yaml examples;
// LOCAL where Okta publishes no sentence). Kept apart from the app's own
// table (src/myaccount/operations.lazy.ts) on purpose: the contract test
// (tests/contract/myaccount.contract.test.ts) holds both to
// tests/contract/okta-published.ts, so a wrong sentence on either side shows
// instead of agreeing with itself.

/** Okta's error answers the imitation gives, by name. */
export const OKTA_ERRORS = {
  validation: { status: 400, errorCode: 'E0000001', errorSummary: 'Api validation failed: forUpdate' },
  wrongCode: { status: 401, errorCode: 'E0000004', errorSummary: 'Authentication failed' },
  /** SPEC Error-IdpMyAccountNotEnabled-Response-401: what an org answers where it lacks the operation (change-password). */
  notEnabled: { status: 401, errorCode: 'E0000015', errorSummary: 'You do not have permission to access the feature you are requesting' },
  /** LOCAL: Okta publishes no body for a refused token on MyAccount; the management API's E0000011 with an `invalid_token` challenge. */
  invalidToken: { status: 401, errorCode: 'E0000011', errorSummary: 'Invalid token provided' },
  notAllowed: { status: 403, errorCode: 'E0000038', errorSummary: "This operation is not allowed in the user's current status." },
  forbidden: { status: 403, errorCode: 'E0000006', errorSummary: 'You do not have permission to perform the requested action' },
  notFound: { status: 404, errorCode: 'E0000007', errorSummary: 'Not found: Resource not found' },
  phoneNotFound: { status: 404, errorCode: 'E0000008', errorSummary: 'The requested path was not found' },
  notAcceptable: { status: 406, errorCode: 'E0000149', errorSummary: 'The HTTP request is not acceptable' },
  conflict: { status: 409, errorCode: 'E0000157', errorSummary: 'Another authenticator with key: email is already active.' },
  tooSoon: { status: 429, errorCode: 'E0000047', errorSummary: 'API call exceeded rate limit due to too many requests.' },
  sendFailed: { status: 500, errorCode: 'E0000138', errorSummary: 'There was an internal error with call provider(s).' },
} as const;
export type OktaErrorName = keyof typeof OKTA_ERRORS;

/** The sentences of Okta's `errorCauses` (SPEC examples unless LOCAL). */
export const OKTA_CAUSES = {
  missingProperty: (property: string) => `Property '${property}' needs a value passed.  To unset it, explicitly set it to null.`,
  readOnlyProperty: (property: string) => `Property '${property}' is read only.  The value supplied must exactly match the existing value.`,
  unknownProperty: (property: string) => `Property '${property}' does not exist or is not accessible.`,
  /** LOCAL: the users API's wording for a profile attribute. */
  blank: (property: string) => `${property}: The field cannot be left blank`,
  tooLong: (property: string) => `${property}: The field cannot exceed 50 characters`,
  invalidEmail: 'Invalid email address.',
  invalidPhone: 'Invalid phone number.',
  invalidMethod: (method: string) => `Invalid method ${method} in the request.`,
  emailExists: (email: string) => `The email ${email} is already registered to the current user profile.`,
  phoneExists: 'This phone number is already assigned to the current user account.',
  wrongCode: 'The verification challenge failed due to an invalid code.',
  /** LOCAL. */
  expiredCode: 'The verification code has expired.',
  /** LOCAL. */
  tooManyAttempts: 'Too many failed attempts to verify the code.',
  noTransaction: 'Failed to find a transaction. Either the challenge was answered or the factor id is invalid.',
  weakPassword: (requirements: string) => `password: Password requirements were not met. Password requirements: ${requirements}.`,
  /** LOCAL: the users API's sentence for a wrong current password. */
  wrongOldPassword: 'oldPassword: The credentials provided were incorrect.',
  /** LOCAL: Okta says 429 within 30 s, in no sentence of its own. */
  tooSoon: 'A new code can be sent 30 seconds after the last one.',
} as const;

const ASSURANCE =
  'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="The access token requires additional assurance to access the resource"';

/**
 * Okta's step-up challenges on a change (DD reference/api/myaccount, AJS
 * lib/myaccount/README.md): an authentication at most 900 s old, or (an
 * org whose policy asks more) one made for this very request, with a second
 * factor if the person has one: `max_age=0` and `acr_values`.
 */
export const STEP_UP_CHALLENGES = {
  'max-age': `${ASSURANCE}, max_age=900`,
  acr: `${ASSURANCE}, max_age=0, acr_values="urn:okta:loa:2fa:any:ifpossible"`,
} as const;
export type StepUp = keyof typeof STEP_UP_CHALLENGES;
