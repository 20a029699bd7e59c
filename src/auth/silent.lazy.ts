import type { AuthConfig } from '../config/appConfig.ts';
import { AuthError } from './authError.ts';
import { createAuthorizationRequest, type AuthorizationOptions } from './authorize.lazy.ts';
import { processCallback } from './callback.ts';
import { handedOverParameters } from './popupProtocol.lazy.ts';
import type { ProviderTokens } from './providerTokens.ts';
import { takeTransaction } from './transaction.ts';

/** How long a silent authorization may take before it counts as failed (okta-auth-js waits 120 s for a frame; a staff app should not hang that long). */
export const SILENT_TIMEOUT_MS = 10_000;

/** The provider's answers to prompt=none that need the person: the session has ended, or it wants a page. */
const NEEDS_PERSON = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** The callback address the frame hands over, from this origin and this frame only. */
function waitForFrame(frame: HTMLIFrameElement, state: string): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const finish = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
      const parameters = handedOverParameters(event.data, state);
      if (!parameters) return;
      finish();
      resolve(parameters);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new AuthError('timeout', `no answer to prompt=none within ${SILENT_TIMEOUT_MS} ms`));
    }, SILENT_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
  });
}

/**
 * Asks the provider for tokens without showing anything (OpenID Connect
 * `prompt=none`, in a hidden frame), on the strength of the provider's own
 * session: how okta-auth-js renews where there is no refresh token. When the
 * provider needs the person (its session ended), the error is
 * `invalid-refresh-token`, as for a refresh token that no longer works.
 */
export async function authorizeSilently(config: AuthConfig, options: Omit<AuthorizationOptions, 'mode'> = {}): Promise<ProviderTokens> {
  const { url, state } = await createAuthorizationRequest(config, undefined, { ...options, mode: 'silent' });
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'silent-renew';
  frame.src = url.href;
  const answer = waitForFrame(frame, state);
  document.body.append(frame);
  const parameters = await answer;
  const error = parameters.get('error');
  if (error && NEEDS_PERSON.has(error)) {
    takeTransaction(state);
    throw new AuthError('invalid-refresh-token', `prompt=none: ${error}`);
  }
  const { tokens } = await processCallback(config, parameters);
  if (!tokens) throw new AuthError('invalid-token', 'the token response carried no access token');
  return tokens;
}
