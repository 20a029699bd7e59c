import { afterAll, beforeAll } from 'vitest';
import type { Stack, StackOptions } from '../../../devstack/stack.ts';
import { startTestStack as startStack, type TestStack } from '../../../devstack/test-stack.ts';

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
