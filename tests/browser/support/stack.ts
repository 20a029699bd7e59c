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

/** `TokenAuth/Authenticate` as an environment's built-in admin, straight at the API: whether the password still opens him (200) or not (500). */
export async function builtInAdminSignIn(stack: Pick<Stack, 'urls'>, tenantId: string, password: string): Promise<number> {
  const response = await fetch(`${stack.urls.api}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Abp-TenantId': tenantId },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password, rememberClient: false }),
  });
  return response.status;
}
