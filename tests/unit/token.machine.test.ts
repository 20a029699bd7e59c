import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RENEW_MARGIN_MS, tokenMachine } from '../../machines/token.machine.ts';
import type { SignInOutcome, TokenGrant } from '../../machines/token.types.ts';

const HOUR = 3_600_000;

interface Options {
  renewTokens?: () => Promise<TokenGrant>;
  reauthenticate?: () => Promise<SignInOutcome>;
}

function start(options: Options = {}) {
  const calls: string[] = [];
  const record = (name: string) => () => {
    calls.push(name);
  };
  const renewTokens = vi.fn(options.renewTokens ?? (async () => ({ expiresAt: Date.now() + 2 * HOUR })));
  const machine = tokenMachine.provide({
    actors: {
      renewTokens: fromPromise(renewTokens),
      reauthenticate: fromPromise(options.reauthenticate ?? (async () => ({ status: 'success' as const, expiresAt: Date.now() + HOUR }))),
    },
    actions: {
      announceRenewed: record('announceRenewed'),
      removeRefreshToken: record('removeRefreshToken'),
      signInWithRedirect: record('signInWithRedirect'),
      logError: record('logError'),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, renewTokens };
}

const invalidGrant = { kind: 'invalid-refresh-token', detail: 'invalid_grant' };

/** A renewal whose first attempt cannot reach the provider and whose later ones succeed. */
function unreachableOnce(): () => Promise<TokenGrant> {
  let attempt = 0;
  return async () => {
    attempt += 1;
    if (attempt === 1) throw { kind: 'provider-unreachable', detail: 'fetch failed' };
    return { expiresAt: Date.now() + HOUR };
  };
}

describe('tokenMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews a minute before the backend token expires, without anything else happening', async () => {
    const { actor, renewTokens, calls } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    await vi.advanceTimersByTimeAsync(HOUR - RENEW_MARGIN_MS - 1);
    expect(renewTokens).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renewTokens).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.expiresAt).toBe(Date.now() + 2 * HOUR);
    expect(calls).toEqual(['announceRenewed']);
  });

  it('on waking, renews at once when the token is due (its timer slept with the machine) and not when it is not', async () => {
    const { actor, renewTokens } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    actor.send({ type: 'WAKE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).not.toHaveBeenCalled();
    // The wall clock moves on as after a sleep; the timer has not fired.
    vi.setSystemTime(Date.now() + HOUR);
    actor.send({ type: 'WAKE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('on waking after a failed renewal, tries again at once', async () => {
    const { actor, renewTokens } = start({ renewTokens: unreachableOnce() });
    actor.send({ type: 'ADDED', expiresAt: Date.now() + RENEW_MARGIN_MS });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('renewFailed');
    actor.send({ type: 'WAKE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('renews at once when the token expired', async () => {
    const { actor, renewTokens } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    actor.send({ type: 'EXPIRED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).toHaveBeenCalledTimes(1);
  });

  it('drops the refresh token and asks for sign-in on invalid_grant', async () => {
    const { actor, calls } = start({ renewTokens: () => Promise.reject(invalidGrant) });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signInRequired');
    expect(calls).toEqual(['removeRefreshToken', 'logError']);
    expect(actor.getSnapshot().context.error?.kind).toBe('invalid-refresh-token');
  });

  it('retries after 30 s when the provider cannot be reached', async () => {
    const { actor, renewTokens } = start({ renewTokens: unreachableOnce() });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('renewFailed');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(renewTokens).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('tries again at once on RETRY (the connection is back), not after 30 s', async () => {
    const { actor, renewTokens } = start({ renewTokens: unreachableOnce() });
    actor.send({ type: 'RETRY' });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('renewFailed');
    actor.send({ type: 'RETRY' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('re-authenticates in a popup: pending, then success keeps the page', async () => {
    const { actor, calls } = start({ renewTokens: () => Promise.reject(invalidGrant) });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SIGN_IN' });
    expect(actor.getSnapshot().context.signInStatus).toBe('pending');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.signInStatus).toBe('success');
    expect(calls).toContain('announceRenewed');
  });

  it.each(['canceled', 'failure'] as const)('stays on sign-in required when the popup ends %s', async (status) => {
    const { actor } = start({
      renewTokens: () => Promise.reject(invalidGrant),
      reauthenticate: async () => ({ status, error: { kind: 'popup-closed', detail: 'closed' } }),
    });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SIGN_IN' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signInRequired');
    expect(actor.getSnapshot().context.signInStatus).toBe(status);
  });

  it('falls back to redirect sign-in when the popup is blocked (terminal)', async () => {
    const { actor, calls } = start({
      renewTokens: () => Promise.reject(invalidGrant),
      reauthenticate: async () => ({ status: 'terminal', error: { kind: 'popup-blocked', detail: 'null' } }),
    });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SIGN_IN' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(calls).toContain('signInWithRedirect');
  });

  it('takes a renewal done in another tab and restarts its wait', async () => {
    const { actor, renewTokens } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    actor.send({ type: 'RENEWED', expiresAt: Date.now() + 3 * HOUR });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(renewTokens).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.expiresAt).toBe(Date.now() + 2 * HOUR);
  });

  it('forgets everything when the token is removed', async () => {
    const { actor } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    actor.send({ type: 'REMOVED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.expiresAt).toBeUndefined();
  });

  it('renews after an ERROR event and logs it', async () => {
    const { actor, renewTokens, calls } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    actor.send({ type: 'ERROR', error: { kind: 'unauthorized', detail: '401' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).toHaveBeenCalledTimes(1);
    expect(calls[0]).toBe('logError');
  });
});
