import { getProviderTokens, setProviderTokens, type ProviderTokens } from './providerTokens.ts';
import { forgetPerson } from './leaveTab.ts';
import type { SignOutReason } from '../lib/paths.ts';
import type { TokenGrant } from '../../machines/token.types.ts';
import { isJsonObject } from '../lib/json.ts';

/**
 * The tabs of this origin share one set of provider tokens, as they share
 * the backend cookie. The refresh token rotates on every use, so a tab that
 * refreshes tells the others the new one; a tab without tokens (opened on
 * its own) asks the others; a sign-out ends them everywhere. Same-origin
 * only (BroadcastChannel), nothing in localStorage.
 */
type TokenMessage =
  | { type: 'tokens'; tokens: ProviderTokens }
  | { type: 'request' }
  | { type: 'reply'; tokens: ProviderTokens }
  | { type: 'signed-out'; reason?: SignOutReason }
  /** A tab stored a new backend token (the cookie all tabs share, which can reach them after this), as `grant` says. */
  | { type: 'renewed'; grant: TokenGrant };

const CHANNEL = 'oidc.tokens';
let channel: BroadcastChannel | undefined;
const signedOutListeners = new Set<(reason: SignOutReason) => void>();

/** Also tell these when another tab signs out (the inactivity watch stops). */
export function onSignedOutElsewhere(listener: (reason: SignOutReason) => void): void {
  signedOutListeners.add(listener);
}

function isTokens(value: unknown): value is ProviderTokens {
  if (typeof value !== 'object' || value === null || !('subject' in value) || typeof value.subject !== 'string') return false;
  return !('refreshToken' in value) || value.refreshToken === undefined || typeof value.refreshToken === 'string';
}

/** A grant as announceRenewal sends it. */
function isGrant(value: unknown): value is TokenGrant {
  if (!isJsonObject(value) || typeof value.expiresAt !== 'number') return false;
  const number = (field: unknown) => field === undefined || typeof field === 'number';
  return number(value.lifetimeMs) && number(value.sessionEndsAt) && (value.renewLate === undefined || typeof value.renewLate === 'boolean');
}

/** Another tab signed out: what the person left in this one goes too, and this one leaves the signed-in pages. */
function endSignedOutElsewhere(reason: SignOutReason, onSignedOut: (reason: SignOutReason) => void): void {
  forgetPerson();
  for (const listener of signedOutListeners) listener(reason);
  onSignedOut(reason);
}

/**
 * Joins the other tabs; `onSignedOut` runs when another tab signs out, with
 * its reason; `onRenewed` when another tab stored a new backend token, with
 * that token's grant (none from a tab of an older build).
 * `signedOutBefore`: a sign-out was made before this tab joined, so its
 * message was never heard here (it runs at once, as that message would have).
 */
export function startTokenSharing(
  onSignedOut: (reason: SignOutReason) => void,
  onRenewed: (grant: TokenGrant | undefined) => void = () => {},
  { signedOutBefore = false }: { signedOutBefore?: boolean } = {},
): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  if (signedOutBefore) return endSignedOutElsewhere('signed-out', onSignedOut);
  channel = new BroadcastChannel(CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<TokenMessage>) => {
    const message = event.data;
    if (message?.type === 'tokens' && isTokens(message.tokens)) {
      setProviderTokens({ ...message.tokens, accessToken: '' });
    } else if (message?.type === 'request') {
      const tokens = getProviderTokens();
      if (tokens?.refreshToken) channel?.postMessage({ type: 'reply', tokens: { ...tokens, accessToken: '' } } satisfies TokenMessage);
    } else if (message?.type === 'renewed') {
      // A tab of the build before this one announces no grant: the cookie alone says it.
      onRenewed(isGrant(message.grant) ? message.grant : undefined);
    } else if (message?.type === 'signed-out') {
      endSignedOutElsewhere(message.reason === 'idle' ? 'idle' : 'signed-out', onSignedOut);
    }
  });
}

/** Keeps new tokens in this tab and hands them (without the access token) to the others. */
export function publishProviderTokens(tokens: ProviderTokens): void {
  setProviderTokens(tokens);
  channel?.postMessage({ type: 'tokens', tokens: { ...tokens, accessToken: '' } } satisfies TokenMessage);
}

/**
 * Asks the other tabs for their tokens; `undefined` when none answers in
 * time. Three seconds: a busy machine's other tab can take more than one to
 * answer, and giving up too early asks the person to sign in again for no reason.
 * A tab whose sharing has not started yet (a page opened on its own, whose
 * first screen asks before the signed-in part has loaded) asks on a channel
 * of its own for this one question.
 */
export function requestProviderTokens(timeoutMs = 3000): Promise<ProviderTokens | undefined> {
  if (!channel && typeof BroadcastChannel === 'undefined') return Promise.resolve(undefined);
  const current = channel ?? new BroadcastChannel(CHANNEL);
  const own = current !== channel;
  return new Promise((resolve) => {
    const finish = (tokens: ProviderTokens | undefined) => {
      current.removeEventListener('message', onMessage);
      clearTimeout(timer);
      if (own) current.close();
      resolve(tokens);
    };
    const onMessage = (event: MessageEvent<TokenMessage>) => {
      const message = event.data;
      if (message?.type === 'reply' && isTokens(message.tokens) && message.tokens.refreshToken) finish(message.tokens);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    current.addEventListener('message', onMessage);
    current.postMessage({ type: 'request' } satisfies TokenMessage);
  });
}

/** This tab stored a new backend token, which expires as `grant` says: the others take it instead of renewing or asking the person again. */
export function announceRenewal(grant: TokenGrant): void {
  channel?.postMessage({ type: 'renewed', grant } satisfies TokenMessage);
}

/** This tab signed out: the others forget their tokens and leave the signed-in pages. */
export function announceSignOut(reason: SignOutReason): void {
  channel?.postMessage({ type: 'signed-out', reason } satisfies TokenMessage);
}
