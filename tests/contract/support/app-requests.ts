import { vi } from 'vitest';
import type { AuthConfig } from '../../../src/config/appConfig.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { Browser } from '../../devstack/helpers/browser.ts';
import { submitLogin, type PendingSignIn } from '../../devstack/helpers/sign-in.ts';

// The app's own requests to the authorization servers, made by the app's own
// code (src/auth/, src/renewal/, src/myaccount/) in Node against the local
// stack: the sign-in's authorize request, its code exchange, a refresh, the
// sign-out's logout address, and Mijn account's authorize request at the org
// server. The few browser objects that code reads (the tab's storage, its
// address, the page's language, its cookies) stand in here as plain objects;
// every request the app sends to the provider is kept as it went out.

/** sessionStorage as a tab has it: strings by key. */
class TabStorage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}

/** A request the app sent to the provider: its address and, for a POST, its form. */
export interface SentRequest {
  url: URL;
  form: URLSearchParams | undefined;
}

/** What the app sent, by kind. */
export interface AppRequests {
  authorize: URL;
  myAccountAuthorize: URL;
  /** The requests after the authorize request: none where the journey failed on the way (`failure`). */
  token?: SentRequest;
  refresh?: SentRequest;
  logout?: URL;
  /** Why the journey stopped before the sign-out, if it did. */
  failure?: string;
}

/**
 * Installs the tab the app's code runs in: at the app's address, in Dutch,
 * with empty storage; where it navigates is kept. `vi.unstubAllGlobals()`
 * takes it away again: the node files share their worker's globals.
 */
function installTab(app: string): { assigned: string[] } {
  const assigned: string[] = [];
  const address = new URL(app);
  vi.stubGlobal('sessionStorage', new TabStorage());
  vi.stubGlobal('localStorage', new TabStorage());
  vi.stubGlobal('location', { origin: address.origin, href: address.href, assign: (url: string) => assigned.push(url) });
  vi.stubGlobal('document', { documentElement: { lang: 'nl' }, cookie: '' });
  return { assigned };
}

/** Runs the app's sign-in, refresh and sign-out as `userName` against the stack, DPoP off (what Node lacks is the key store). */
export async function appRequests(urls: StackUrls, auth: AuthConfig, userName: string): Promise<AppRequests> {
  const { assigned } = installTab(urls.app);
  const sent: SentRequest[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body;
    sent.push({
      url,
      form: body instanceof URLSearchParams ? new URLSearchParams(body) : typeof body === 'string' ? new URLSearchParams(body) : undefined,
    });
    return realFetch(input, init);
  });
  try {
    const config: AuthConfig = { ...auth, dpop: false };
    const { createAuthorizationRequest } = await import('../../../src/auth/authorize.lazy.ts');
    const { processCallback } = await import('../../../src/auth/callback.ts');
    const { refreshProviderTokens } = await import('../../../src/renewal/refresh.lazy.ts');
    const { setProviderTokens } = await import('../../../src/auth/providerTokens.ts');
    const { signOut } = await import('../../../src/signin/signOut.lazy.ts');

    const { url: authorize } = await createAuthorizationRequest(config, '/app/home');
    // Mijn account's request at the org server, for this person.
    const { myAccountIssuer } = await import('../../../src/myaccount/myAccount.ts');
    const { MYACCOUNT_SCOPES } = await import('../../../src/myaccount/operations.lazy.ts');
    const org = { ...config, issuer: myAccountIssuer(config) };
    const { url: myAccountAuthorize } = await createAuthorizationRequest(org, '/app/account', {
      mode: 'account',
      scope: `openid ${MYACCOUNT_SCOPES}`,
      hints: { login: userName },
    });
    const requests: AppRequests = { authorize, myAccountAuthorize };
    try {
      const pending = {
        browser: new Browser(),
        authorizationUrl: authorize,
        client: { client_id: config.clientId },
      } as unknown as PendingSignIn;
      const { url: callback } = await submitLogin(urls, pending, userName, '123qwe');
      const tokenAt = sent.length;
      const { tokens } = await processCallback(config, new URL(callback).searchParams);
      requests.token = sent.slice(tokenAt).find((request) => request.form?.get('grant_type') === 'authorization_code');
      if (!tokens) throw new Error('the app got no tokens');
      const refreshAt = sent.length;
      const refreshed = await refreshProviderTokens(config, tokens);
      requests.refresh = sent.slice(refreshAt).find((request) => request.form?.get('grant_type') === 'refresh_token');
      setProviderTokens(refreshed.tokens);
      await signOut(config);
      requests.logout = assigned.map((href) => new URL(href, urls.app)).find((url) => url.pathname.endsWith('/logout'));
    } catch (error) {
      requests.failure = error instanceof Error ? error.message : String(error);
    }
    return requests;
  } finally {
    vi.unstubAllGlobals();
  }
}
