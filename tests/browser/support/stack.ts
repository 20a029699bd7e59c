import type { StackOptions } from '../../../devstack/stack.ts';
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
