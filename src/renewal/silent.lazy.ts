import { FRAME_LIMIT_MS } from '../../machines/token.machine.ts';
import type { AuthConfig } from '../config/appConfig.ts';
import { AuthError } from '../auth/authError.ts';
import { createAuthorizationRequest, type AuthorizationOptions } from '../auth/authorize.lazy.ts';
import { processCallback } from '../auth/callback.ts';
import { handedOverParameters } from '../auth/popupProtocol.lazy.ts';
import type { ProviderTokens } from '../auth/providerTokens.ts';
import { takeTransaction } from '../auth/transaction.ts';

/** How long a silent authorization may take before it counts as failed (okta-auth-js waits 120 s for a frame; a staff app should not hang that long). The late renewal's margin leaves it this time. */
export const SILENT_TIMEOUT_MS = FRAME_LIMIT_MS;

/** The provider's answers to prompt=none that need the person: the session has ended, or it wants a page. */
const NEEDS_PERSON = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** An IP address (v4 or v6) is a site of its own; a name's site is taken as its last two labels. */
function siteOf(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')) return hostname;
  return hostname.split('.').slice(-2).join('.');
}

/**
 * Whether a hidden frame of this page is first-party to the provider. Where it
 * is not (company.okta.com beside medewerkers.company.nl), Safari, Firefox and
 * Chrome without third-party cookies keep the provider's session cookie out of
 * the frame, so its `login_required` says nothing about the session itself.
 * (A name's site is approximated by its last two labels: `co.uk`-style names
 * count as one site, which errs on the side of the old message.)
 */
export function providerSharesSite(issuer: string, here = location.hostname): boolean {
  return siteOf(new URL(issuer).hostname) === siteOf(here);
}

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
 * provider needs the person, the error is `invalid-refresh-token` (its
 * session ended), as for a refresh token that no longer works; from a
 * provider on another site it is `provider-session-unseen`, since the frame
 * may only have been kept from the session's cookie (a first-party visit, a
 * popup, tells which).
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
    const kind = providerSharesSite(config.issuer ?? location.href) ? 'invalid-refresh-token' : 'provider-session-unseen';
    throw new AuthError(kind, `prompt=none: ${error}`);
  }
  const { tokens } = await processCallback(config, parameters);
  if (!tokens) throw new AuthError('invalid-token', 'the token response carried no access token');
  return tokens;
}
