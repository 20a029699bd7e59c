import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inactivityMachine } from '../../machines/inactivity.machine.ts';

const MINUTE = 60_000;

function start(lastActivity = Date.now()) {
  const signOut = vi.fn(async () => {});
  const leaveForLogin = vi.fn();
  const actor = createActor(inactivityMachine.provide({ actors: { signOut: fromPromise(signOut) }, actions: { leaveForLogin } }), {
    input: { timeoutMs: 15 * MINUTE, warningMs: MINUTE, lastActivity },
  });
  actor.start();
  return { actor, signOut, leaveForLogin };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-out after inactivity', () => {
  it('warns a minute before a quarter of an hour without activity, then signs out once and leaves', async () => {
    const { actor, signOut, leaveForLogin } = start();
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('warning');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(leaveForLogin).toHaveBeenCalledTimes(1);
  });

  it('counts activity in any tab: it starts the quarter of an hour again', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    actor.send({ type: 'ACTIVITY', at: Date.now() });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('keeps an older activity from another tab from shortening the time', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    actor.send({ type: 'ACTIVITY', at: Date.now() - 5 * MINUTE });
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('closes the warning only with "Ingelogd blijven", not with a mouse on its way to it', async () => {
    const { actor, signOut } = start();
    await vi.advanceTimersByTimeAsync(14 * MINUTE);
    actor.send({ type: 'ACTIVITY', at: Date.now() });
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'STAY', at: Date.now() });
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(actor.getSnapshot().value).toBe('active');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out at once when a laptop wakes up after the end, without waiting for a late timer', () => {
    const { actor, signOut } = start(Date.now() - 20 * MINUTE);
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows the warning at once when a background tab wakes up inside the warning time', () => {
    const { actor } = start(Date.now() - 14.5 * MINUTE);
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('stops without signing out or leaving itself when another tab signed out: the token sharing that heard it leaves, once', () => {
    const { actor, signOut, leaveForLogin } = start();
    actor.send({ type: 'SIGNED_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(signOut).not.toHaveBeenCalled();
    expect(leaveForLogin).not.toHaveBeenCalled();
  });
});
