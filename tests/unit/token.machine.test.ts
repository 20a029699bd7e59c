import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CONFIRM_TIME_MS,
  FRAME_LIMIT_MS,
  RENEW_MARGIN_MS,
  renewMargin,
  renewsAt,
  SESSION_END_WARNING_MS,
  tokenMachine,
} from '../../machines/token.machine.ts';
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
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
    expect(actor.getSnapshot().context.expiresAt).toBe(Date.now() + 2 * HOUR);
    expect(calls).toEqual(['announceRenewed']);
  });

  describe('without a refresh token (each renewal may ask the person): one rule for the timer, a tab that wakes and another tab', () => {
    const LIFETIME = 75_000;
    /** A 75 s token is renewed 30 s before it ends: the frame's 10 s and 20 s to confirm (a quarter, 18.75 s, would leave less). */
    const MARGIN = FRAME_LIMIT_MS + CONFIRM_TIME_MS;
    const late = (expiresAt: number): TokenGrant => ({ expiresAt, lifetimeMs: LIFETIME, renewLate: true });

    it('the timer renews once per lifetime, late in it', async () => {
      const { actor, renewTokens } = start({ renewTokens: async () => late(Date.now() + LIFETIME) });
      actor.send({ type: 'ADDED', ...late(Date.now() + LIFETIME) });
      await vi.advanceTimersByTimeAsync(LIFETIME - MARGIN - 1);
      expect(renewTokens).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(renewTokens).toHaveBeenCalledTimes(1);
      // The next token of 75 s is renewed 45 s after it came, not 15 s after (a minute's margin).
      await vi.advanceTimersByTimeAsync(LIFETIME - MARGIN - 1);
      expect(renewTokens).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(renewTokens).toHaveBeenCalledTimes(2);
    });

    it('a tab brought back every 5 s renews no earlier than the timer would', async () => {
      const { actor, renewTokens } = start({ renewTokens: async () => late(Date.now() + LIFETIME) });
      actor.send({ type: 'ADDED', ...late(Date.now() + LIFETIME) });
      for (let woken = 5_000; woken < LIFETIME - MARGIN; woken += 5_000) {
        vi.setSystemTime(Date.now() + 5_000);
        actor.send({ type: 'WAKE' });
        await vi.advanceTimersByTimeAsync(0);
      }
      expect(renewTokens).not.toHaveBeenCalled();
      vi.setSystemTime(Date.now() + 5_000);
      actor.send({ type: 'WAKE' });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewTokens).toHaveBeenCalledTimes(1);
    });

    it('waking 25 s into a 75 s token keeps it; waking in the late window renews', async () => {
      const { actor, renewTokens } = start({ renewTokens: async () => late(Date.now() + LIFETIME) });
      const expiresAt = Date.now() + LIFETIME;
      actor.send({ type: 'ADDED', ...late(expiresAt) });
      vi.setSystemTime(expiresAt - 50_000);
      actor.send({ type: 'WAKE' });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewTokens).not.toHaveBeenCalled();
      vi.setSystemTime(expiresAt - MARGIN);
      actor.send({ type: 'WAKE' });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewTokens).toHaveBeenCalledTimes(1);
    });

    it('a renewal another tab made is renewed late too', async () => {
      // This tab's renewal finds the token another tab stored meanwhile (renewedElsewhere), with no refresh token either.
      const { actor, renewTokens } = start({ renewTokens: async () => late(Date.now() + LIFETIME) });
      actor.send({ type: 'ADDED', expiresAt: Date.now(), lifetimeMs: LIFETIME, renewLate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewTokens).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 15_000);
      actor.send({ type: 'WAKE' });
      await vi.advanceTimersByTimeAsync(LIFETIME - MARGIN - 15_000 - 1);
      expect(renewTokens).toHaveBeenCalledTimes(1);
    });

    it('a reload 110 s into a 120 s token renews at once, and the next token a whole margin before its end', async () => {
      const { actor, renewTokens } = start({
        renewTokens: async () => ({ expiresAt: Date.now() + 120_000, lifetimeMs: 120_000, renewLate: true }),
      });
      actor.send({ type: 'ADDED', expiresAt: Date.now() + 10_000, lifetimeMs: 120_000, renewLate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewTokens).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.expiresAt! - renewsAt(actor.getSnapshot().context)).toBe(MARGIN);
    });

    it('the margin: a quarter of the lifetime, at least the frame limit and the time to confirm, at most a minute and half the lifetime', () => {
      expect(renewMargin({ lifetimeMs: HOUR, renewLate: true })).toBe(RENEW_MARGIN_MS);
      expect(renewMargin({ lifetimeMs: 200_000, renewLate: true })).toBe(50_000);
      expect(renewMargin({ lifetimeMs: 75_000, renewLate: true })).toBe(30_000);
      expect(renewMargin({ lifetimeMs: 24_000, renewLate: true })).toBe(12_000);
      expect(renewMargin({ lifetimeMs: 75_000 })).toBe(RENEW_MARGIN_MS);
      expect(renewMargin({ renewLate: true })).toBe(RENEW_MARGIN_MS);
    });
  });

  it('with a refresh token renews a short-lived backend token a minute before its end, as any other', async () => {
    const { actor, renewTokens } = start({ renewTokens: async () => ({ expiresAt: Date.now() + 75_000 }) });
    actor.send({ type: 'ADDED', expiresAt: Date.now() + 75_000 });
    await vi.advanceTimersByTimeAsync(15_000 - 1);
    expect(renewTokens).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renewTokens).toHaveBeenCalledTimes(1);
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
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
  });

  it('on waking after a failed renewal, tries again at once', async () => {
    const { actor, renewTokens } = start({ renewTokens: unreachableOnce() });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('renewFailed');
    actor.send({ type: 'WAKE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renewTokens).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
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

  it('asks the person, and does not retry on its own, when a frame could not see the provider session of another site', async () => {
    const { actor, renewTokens } = start({
      renewTokens: () => Promise.reject({ kind: 'provider-session-unseen', detail: 'prompt=none: login_required' }),
    });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signInRequired');
    expect(actor.getSnapshot().context.error?.kind).toBe('provider-session-unseen');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(renewTokens).toHaveBeenCalledTimes(1);
  });

  it('retries after 30 s when the provider cannot be reached', async () => {
    const { actor, renewTokens } = start({ renewTokens: unreachableOnce() });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('renewFailed');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(renewTokens).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
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
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
  });

  it('re-authenticates in a popup: pending, then success keeps the page', async () => {
    const { actor, calls } = start({ renewTokens: () => Promise.reject(invalidGrant) });
    actor.send({ type: 'ADDED', expiresAt: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'SIGN_IN' });
    expect(actor.getSnapshot().context.signInStatus).toBe('pending');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
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

  describe('a session with a fixed end (the working day)', () => {
    const MINUTE = 60_000;

    it('warns five minutes before the end, and renewals in between do not move the warning', async () => {
      const end = Date.now() + 2 * HOUR;
      const { actor } = start({ renewTokens: async () => ({ expiresAt: Date.now() + 30 * MINUTE, sessionEndsAt: end }) });
      actor.send({ type: 'ADDED', expiresAt: Date.now() + 30 * MINUTE, sessionEndsAt: end });
      await vi.advanceTimersByTimeAsync(2 * HOUR - SESSION_END_WARNING_MS - 1);
      expect(actor.getSnapshot().value).toEqual({ active: 'counting' });
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toEqual({ active: 'endingSoon' });
    });

    it('signs in again in the popup meanwhile: a new end, and no warning', async () => {
      const later = Date.now() + 10 * HOUR;
      const { actor } = start({ reauthenticate: async () => ({ status: 'success', expiresAt: Date.now() + HOUR, sessionEndsAt: later }) });
      actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR, sessionEndsAt: Date.now() + 4 * MINUTE });
      expect(actor.getSnapshot().value).toEqual({ active: 'counting' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toEqual({ active: 'endingSoon' });
      actor.send({ type: 'SIGN_IN' });
      expect(actor.getSnapshot().value).toBe('extending');
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toEqual({ active: 'counting' });
      expect(actor.getSnapshot().context.sessionEndsAt).toBe(later);
    });

    it.each(['canceled', 'failure'] as const)('keeps the session and the warning when the popup ends %s', async (status) => {
      const end = Date.now() + 4 * MINUTE;
      const { actor } = start({ reauthenticate: async () => ({ status, error: { kind: 'popup-closed', detail: 'closed' } }) });
      actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR, sessionEndsAt: end });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'SIGN_IN' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toEqual({ active: 'endingSoon' });
      expect(actor.getSnapshot().context.sessionEndsAt).toBe(end);
    });

    it('at the end asks the provider, and its refusal asks the person to sign in', async () => {
      const { actor, renewTokens } = start({ renewTokens: () => Promise.reject(invalidGrant) });
      actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR, sessionEndsAt: Date.now() + 10 * MINUTE });
      await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
      expect(renewTokens).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(renewTokens).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().value).toBe('signInRequired');
    });

    it('a tab that slept through the end checks at once on waking', async () => {
      const { actor, renewTokens } = start({ renewTokens: () => Promise.reject(invalidGrant) });
      actor.send({ type: 'ADDED', expiresAt: Date.now() + 3 * HOUR, sessionEndsAt: Date.now() + HOUR });
      vi.setSystemTime(Date.now() + HOUR + MINUTE);
      actor.send({ type: 'WAKE' });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewTokens).toHaveBeenCalledTimes(1);
    });

    it('never warns when the provider names no end', async () => {
      const { actor } = start();
      actor.send({ type: 'ADDED', expiresAt: Date.now() + 30 * HOUR });
      await vi.advanceTimersByTimeAsync(29 * HOUR);
      expect(actor.getSnapshot().value).toEqual({ active: 'working' });
    });
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

  it('asks no more once the person confirmed in another tab, and renews that token late', async () => {
    const unseen = { kind: 'provider-session-unseen', detail: 'login_required' };
    const { actor, renewTokens, calls } = start({ renewTokens: () => Promise.reject(unseen) });
    actor.send({ type: 'ADDED', expiresAt: Date.now(), lifetimeMs: 75_000, renewLate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signInRequired');
    actor.send({ type: 'RENEWED', expiresAt: Date.now() + 75_000, lifetimeMs: 75_000, renewLate: true });
    expect(actor.getSnapshot().value).toEqual({ active: 'working' });
    expect(calls).not.toContain('announceRenewed');
    await vi.advanceTimersByTimeAsync(45_000 - 1);
    expect(renewTokens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renewTokens).toHaveBeenCalledTimes(2);
  });

  it('forgets everything when the token is removed', async () => {
    const { actor } = start();
    actor.send({ type: 'ADDED', expiresAt: Date.now() + HOUR });
    actor.send({ type: 'REMOVED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.expiresAt).toBeUndefined();
  });
});
