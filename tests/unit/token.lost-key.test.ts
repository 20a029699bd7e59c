import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tokenMachine } from '../../machines/token.machine.ts';
import { tokenView } from '../../machines/token.view.ts';
import type { TokenGrant } from '../../machines/token.types.ts';
import { sessionEnd } from '../../src/auth/providerTokens.ts';

// Okta's answers the token machine meets at a renewal beside invalid_grant:
// a refresh token bound to a DPoP key this browser no longer has
// (invalid_dpop_proof), and no `refresh_expires_in` in any answer.

function start(renewal: () => Promise<TokenGrant>) {
  const calls: string[] = [];
  const record = (name: string) => () => {
    calls.push(name);
  };
  const renewTokens = vi.fn(renewal);
  const machine = tokenMachine.provide({
    actors: { renewTokens: fromPromise(renewTokens) },
    actions: { removeRefreshToken: record('removeRefreshToken'), logError: record('logError'), announceRenewed: record('announceRenewed') },
  });
  return { actor: createActor(machine).start(), calls, renewTokens };
}

describe('a refresh refused as invalid_dpop_proof (the key is gone)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the person to sign in again with the reason, drops the refresh token and does not retry on its own', async () => {
    const { actor, calls, renewTokens } = start(() =>
      Promise.reject({ kind: 'dpop-key-lost', detail: '400 invalid_dpop_proof: Invalid DPoP Public Key binding in refresh token' }),
    );
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(tokenView(actor.getSnapshot())).toEqual({ kind: 'signInRequired', errorKind: 'dpop-key-lost' });
    expect(calls).toEqual(['removeRefreshToken', 'logError']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(renewTokens).toHaveBeenCalledTimes(1);
  });
});

describe('the session end the app announces', () => {
  it('is the configured refresh token lifetime from the sign-in, and none without it', () => {
    const now = Date.UTC(2026, 11, 2, 8, 0);
    expect(sessionEnd(480, now)).toBe(now + 8 * 60 * 60_000);
    expect(sessionEnd(5.5, now)).toBe(now + 330_000);
    for (const absent of [undefined, 0, -1, Number.NaN]) expect(sessionEnd(absent, now)).toBeUndefined();
  });
});
