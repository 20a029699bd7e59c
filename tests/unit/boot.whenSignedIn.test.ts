import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createBootMachine } from '../../machines/boot.machine.ts';
import type { BootConfig, BootUserConfiguration } from '../../machines/boot.types.ts';
import { whenSignedIn } from '../../src/boot/whenSignedIn.ts';

/** ABP's session, as far as whenSignedIn reads it. */
interface Session {
  user?: { name: string };
}

const config: BootConfig = { localeMappings: [{ from: 'nl-NL', to: 'nl' }] };

/** Start-up with stand-ins: the session answers once `answer` is called (with or without a user). */
function startUp() {
  let answer: (session: Session) => void = () => undefined;
  const session = new Promise<Session>((resolve) => {
    answer = resolve;
  });
  const machine = createBootMachine<BootConfig, BootUserConfiguration, Session>().provide({
    actors: {
      loadConfig: fromPromise(async () => config),
      loadUserConfiguration: fromPromise(async () => ({ localization: { currentLanguage: { name: 'nl' } } })),
      initSession: fromPromise(() => session),
      loadLocale: fromPromise<void, { localeName: string }>(async () => undefined),
    },
    actions: {
      clearToken: () => undefined,
      clearIgnoredToken: () => undefined,
      logError: () => undefined,
      triggerDynamicScriptsInitialized: () => undefined,
      clearBusy: () => undefined,
    },
  });
  const actor = createActor(machine, { input: { cultureName: 'nl' } });
  actor.start();
  return { actor, answer };
}

const ready = (snapshot: { value: unknown }) => snapshot.value === 'ready';

describe('whenSignedIn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the signed-in code when start-up becomes ready with a user after the call', async () => {
    vi.useFakeTimers();
    const { actor, answer } = startUp();
    const load = vi.fn(async () => undefined);
    whenSignedIn(load, actor);
    answer({ user: { name: 'Admin' } });
    await waitFor(actor, ready);
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads it too when start-up was ready with a user before the call (its answers came from a cache)', async () => {
    vi.useFakeTimers();
    const { actor, answer } = startUp();
    answer({ user: { name: 'Admin' } });
    await waitFor(actor, ready);
    const load = vi.fn(async () => undefined);
    whenSignedIn(load, actor);
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing when start-up is ready without a user', async () => {
    vi.useFakeTimers();
    const { actor, answer } = startUp();
    const load = vi.fn(async () => undefined);
    whenSignedIn(load, actor);
    answer({});
    await waitFor(actor, ready);
    await vi.runAllTimersAsync();
    expect(load).not.toHaveBeenCalled();
  });

  it('asks again 10 s after a load that failed, and stops once one succeeds', async () => {
    vi.useFakeTimers();
    const { actor, answer } = startUp();
    answer({ user: { name: 'Admin' } });
    await waitFor(actor, ready);
    const load = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    whenSignedIn(load, actor);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
