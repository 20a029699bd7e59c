import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { connectivityMachine, retryDelay, RETRY_MAX_MS } from '../../machines/connectivity.machine.ts';

/** Runs the machine on a simulated clock with a probe whose answers the test lists. */
function start(answers: boolean[]) {
  const clock = new SimulatedClock();
  let probes = 0;
  const logged: string[] = [];
  const machine = connectivityMachine.provide({
    actors: {
      probe: fromPromise(async () => {
        const answered = answers[probes++] ?? false;
        if (!answered) throw new Error('Failed to fetch');
      }),
    },
    actions: {
      logLost: () => void logged.push('lost'),
      logRestored: () => void logged.push('restored'),
      announceRestored: () => void logged.push('announced'),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, logged, probes: () => probes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('connectivityMachine', () => {
  it('waits 2, 4, 8, 16 s between attempts, then 30 s at most', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(retryDelay(100)).toBe(RETRY_MAX_MS);
  });

  it('tries again after each wait, with a longer wait after each failed attempt', async () => {
    const { actor, clock, probes } = start([false, false, true]);
    actor.send({ type: 'UNREACHABLE' });
    expect(actor.getSnapshot().value).toEqual({ lost: 'waiting' });
    expect(actor.getSnapshot().context).toMatchObject({ cause: 'unreachable', attempts: 0, retryInMs: 2000 });

    clock.increment(1999);
    expect(probes()).toBe(0);
    clock.increment(1);
    await settle();
    expect(probes()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ attempts: 1, retryInMs: 4000 });

    clock.increment(4000);
    await settle();
    expect(probes()).toBe(2);
    expect(actor.getSnapshot().context.retryInMs).toBe(8000);

    clock.increment(8000);
    await settle();
    expect(probes()).toBe(3);
    expect(actor.getSnapshot().value).toBe('restored');
    expect(actor.getSnapshot().context).toEqual({ attempts: 0 });
  });

  it('tries at once when the browser is back online or the person asks, not waiting for the delay', async () => {
    const { actor, probes } = start([false, true]);
    actor.send({ type: 'OFFLINE' });
    expect(actor.getSnapshot().context.cause).toBe('offline');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(probes()).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ lost: 'waiting' });
    actor.send({ type: 'ONLINE' });
    await settle();
    expect(probes()).toBe(2);
    expect(actor.getSnapshot().value).toBe('restored');
  });

  it('says the server is out of reach once the browser is online again but the API still gives no answer', async () => {
    const { actor } = start([false]);
    actor.send({ type: 'OFFLINE' });
    actor.send({ type: 'ONLINE' });
    await settle();
    expect(actor.getSnapshot().context.cause).toBe('unreachable');
  });

  it('shows "restored" for a moment, then is online; a new loss starts over at 2 s', async () => {
    const { actor, clock, logged } = start([false, false, true]);
    actor.send({ type: 'UNREACHABLE' });
    actor.send({ type: 'RETRY' });
    await settle();
    actor.send({ type: 'RETRY' });
    await settle();
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('restored');
    clock.increment(4000);
    expect(actor.getSnapshot().value).toBe('online');
    actor.send({ type: 'UNREACHABLE' });
    expect(actor.getSnapshot().context).toMatchObject({ attempts: 0, retryInMs: 2000 });
    expect(logged).toEqual(['lost', 'restored', 'announced', 'lost']);
  });

  it('ignores the online event and requests without answer while a check is under way', async () => {
    const { actor, probes } = start([]);
    actor.send({ type: 'UNREACHABLE' });
    actor.send({ type: 'RETRY' });
    actor.send({ type: 'ONLINE' });
    actor.send({ type: 'UNREACHABLE' });
    actor.send({ type: 'RETRY' });
    await settle();
    expect(probes()).toBe(1);
  });
});
