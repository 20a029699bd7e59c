const KEY = 'oidc.prompt-login';

/**
 * After the backend refused the account the provider signed in (unknown or
 * not yet active), the provider's session would sign the same account in
 * again at once. The next sign-in asks the provider for its login form
 * (`prompt=login`, OIDC Core 3.1.2.1), so another account can be used.
 */
export function requireLoginForm(): void {
  sessionStorage.setItem(KEY, '1');
}

/** True once after `requireLoginForm`. */
export function takeLoginFormRequirement(): boolean {
  const required = sessionStorage.getItem(KEY) === '1';
  sessionStorage.removeItem(KEY);
  return required;
}
