// Choices a deployment of ABP makes that change what the app meets: how
// ExternalAuthenticate answers, whether impersonation exists, and what
// Role/Update answers. The defaults are what module-zero-core-template does (and the
// recordings in tests/contract/recorded/ show); the others exist so the app
// can be shown against backends that chose otherwise.

export interface ApiBehaviour {
  /**
   * A known user whose account is not active: `loginFailed` is ABP's 500
   * "Inloggen mislukt!" with the reason in `details` (default);
   * `waitingForActivation` is a 200 with `waitingForActivation: true` and no
   * token, as a backend that says so at every sign-in answers.
   */
  inactiveUserSignIn: 'loginFailed' | 'waitingForActivation';
  /**
   * A provider user the backend does not know: `active` registers them active
   * with no roles and signs them in (the template, default); `inactive`
   * registers them inactive, so the first sign-in answers
   * `waitingForActivation: true` and later ones as `inactiveUserSignIn` says
   * (a company that activates staff by hand).
   */
  externalUserRegistration: 'active' | 'inactive';
  /**
   * Acting as another user (ASP.NET Zero's impersonation): `off` is
   * module-zero-core-template, which has none, so `Account/BackToImpersonator`
   * and `TokenAuth/ImpersonatedAuthenticate` answer 404 with no body
   * (onboarding.json `back-to-impersonator-west-admin`,
   * `impersonated-authenticate`; default); `on` is a backend that offers it,
   * and the test switch `/__devstack/impersonate` starts one.
   */
  impersonation: 'off' | 'on';
  /**
   * `Role/Update`'s `grantedPermissions`: `entity` is what ABP answers
   * (default): the template maps its role entity's `Permissions`, which
   * holds the permission settings that request loaded or touched. With the
   * role's permissions in ABP's role permission cache that is only the
   * grants it added or removed; with the cache empty for the role (after a
   * start, a change of its settings, a cleared cache) every grant it had
   * plus those added (role.json `update-grant`). `stored` is a backend whose
   * answer is the role's permissions as stored after the save.
   */
  roleUpdateAnswer: 'entity' | 'stored';
}

export const DEFAULT_BEHAVIOUR: ApiBehaviour = {
  inactiveUserSignIn: 'loginFailed',
  externalUserRegistration: 'active',
  impersonation: 'off',
  roleUpdateAnswer: 'entity',
};

export interface BehaviourSwitch {
  readonly current: ApiBehaviour;
  /** Changes some choices until `reset` (test mode only). */
  set(change: Partial<ApiBehaviour>): void;
  /** Back to the stack's options. */
  reset(): void;
}

export function createBehaviourSwitch(initial: Partial<ApiBehaviour>, testMode: boolean): BehaviourSwitch {
  const start = { ...DEFAULT_BEHAVIOUR, ...parseBehaviour(initial) };
  let current = start;
  return {
    get current() {
      return current;
    },
    set(change) {
      if (!testMode) throw new Error('The API behaviour can only be switched at run time when the stack runs with testMode: true.');
      current = { ...current, ...parseBehaviour(change) };
    },
    reset() {
      current = start;
    },
  };
}

const CHOICES: { [K in keyof ApiBehaviour]: readonly ApiBehaviour[K][] } = {
  inactiveUserSignIn: ['loginFailed', 'waitingForActivation'],
  externalUserRegistration: ['active', 'inactive'],
  impersonation: ['off', 'on'],
  roleUpdateAnswer: ['entity', 'stored'],
};

/** Checks choices that arrived as JSON or options; throws a readable message when one is not known. */
export function parseBehaviour(input: unknown): Partial<ApiBehaviour> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('The API behaviour must be a JSON object.');
  const raw = input as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const allowed = (CHOICES as Record<string, readonly unknown[]>)[key];
    if (!allowed) throw new Error(`Unknown API behaviour "${key}".`);
    if (!allowed.includes(value)) throw new Error(`${key} must be ${allowed.map((a) => `'${String(a)}'`).join(' or ')}.`);
    result[key] = value;
  }
  return result as Partial<ApiBehaviour>;
}
