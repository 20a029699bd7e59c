import { afterAll, beforeAll } from 'vitest';
import type { Stack, StackOptions } from '../../../devstack/stack.ts';
import { startTestStack as startStack, type TestStack } from '../../../devstack/test-stack.ts';
import { ChangeLanguage } from '../../../src/endpoints/endpointTable.ts';

/**
 * The stack of a browser test file. The provider offers its DPoP nonce
 * instead of insisting on it, so a case that counts, holds or rewrites token
 * requests sees one request per grant; the DPoP cases (`dpop.e2e.ts`) and
 * the soak run with the nonce required, as `npm start` does.
 */
export function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  return startStack({ dpopNonce: 'offered', ...options });
}

/**
 * A browser and a test stack for the describe block it is called in, started
 * side by side before its tests and closed after them. Each is kept as soon as
 * it stands, and the teardown waits for a start still under way: a start that
 * fails or outlasts its hook leaves no browser, driver or server behind.
 */
export function browserAndStackForSuite<B extends { close(): Promise<void> }>(
  env: { browser: B; stack: Stack },
  launch: () => Promise<B>,
  stackOptions: StackOptions,
): void {
  let starting: Promise<unknown> = Promise.resolve();
  beforeAll(async () => {
    const parts = [launch().then((browser) => (env.browser = browser)), startTestStack(stackOptions).then((stack) => (env.stack = stack))];
    starting = Promise.allSettled(parts);
    await Promise.all(parts);
  });
  afterAll(async () => {
    await starting;
    await Promise.all([env.browser?.close(), env.stack?.stop()]);
  });
}

/** `TokenAuth/Authenticate` as an environment's built-in admin, straight at the API: whether the password still opens him (200) or not (500). */
export async function builtInAdminSignIn(stack: Pick<Stack, 'urls'>, tenantId: string, password: string): Promise<number> {
  const response = await fetch(`${stack.urls.api}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Abp-TenantId': tenantId },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password, rememberClient: false }),
  });
  return response.status;
}

/** ABP's own services in a session of their own: another administrator (or another tool) saving beside the browser. */
export interface AbpSession {
  /** The backend token of the session, as the app keeps it in its cookie. */
  readonly token: string;
  /** The `result` of a GET of `api/services/app/<path>`. */
  get<T>(path: string): Promise<T>;
  /** A PUT of `api/services/app/<path>`; throws unless ABP answers 200. */
  put<T>(path: string, body: unknown): Promise<T>;
  /** A POST of `api/services/app/<path>`; throws unless ABP answers 200. */
  post<T>(path: string, body: unknown): Promise<T>;
}

/** Signs in straight at the API by password (`TokenAuth/Authenticate`, every seeded user has `123qwe`), in the tenant given (Default by default). */
export async function abpSession(stack: Pick<Stack, 'urls'>, userName = 'admin', tenantId = '1'): Promise<AbpSession> {
  const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${stack.urls.api}/api/${path}`, {
      method,
      headers: {
        'Abp-TenantId': tenantId,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { result: T }).result;
  };
  const { accessToken } = await call<{ accessToken: string }>('POST', 'TokenAuth/Authenticate', {
    userNameOrEmailAddress: userName,
    password: '123qwe',
    rememberClient: false,
  });
  return {
    token: accessToken,
    get: (path) => call('GET', `services/app/${path}`, undefined, accessToken),
    put: (path, body) => call('PUT', `services/app/${path}`, body, accessToken),
    post: (path, body) => call('POST', `services/app/${path}`, body, accessToken),
  };
}

/** A person of Default made for one test case through ABP's own `User/Create` (active, role Monteur): a case that changes them changes no other case's. */
export async function addPerson(
  stack: Pick<Stack, 'urls'>,
  name: string,
  surname: string,
): Promise<{ id: number; fullName: string; emailAddress: string }> {
  const userName = `${name}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');
  const emailAddress = `${userName}@isolatie.local`;
  const admin = await abpSession(stack);
  const { id } = await admin.post<{ id: number }>('User/Create', {
    userName,
    name,
    surname,
    emailAddress,
    isActive: true,
    roleNames: ['Monteur'],
    password: '123qwe',
  });
  return { id, fullName: `${name} ${surname}`, emailAddress };
}

/** Saves the language ABP keeps for the session's person (`User/ChangeLanguage`), as the person's menu does. */
export function saveLanguage(session: AbpSession, languageName: string): Promise<unknown> {
  return session.post(ChangeLanguage.path.replace('api/services/app/', ''), { languageName });
}
