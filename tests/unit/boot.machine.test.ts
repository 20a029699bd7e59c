import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bootMachine, startRetryDelay } from '../../machines/boot.machine.ts';
import type { BootConfig, BootUserConfiguration } from '../../machines/boot.types.ts';
import { outputOf } from '../../machines/error.ts';

const config: BootConfig = {
  localeMappings: [
    { from: 'nl-NL', to: 'nl' },
    { from: 'en-US', to: 'en' },
  ],
};

function userConfiguration(language: string): BootUserConfiguration {
  return { localization: { currentLanguage: { name: language } } };
}

function httpError(status: number) {
  return { kind: status === 401 ? 'unauthorized' : 'server', detail: `HTTP ${status}`, status };
}

interface Options {
  loadConfig?: () => Promise<BootConfig>;
  chooseTenant?: () => Promise<boolean>;
  tenantChosen?: boolean;
  loadUserConfiguration?: () => Promise<BootUserConfiguration>;
  loadPersonLanguage?: () => Promise<BootUserConfiguration>;
  initSession?: () => Promise<unknown>;
  loadLocale?: (localeName: string) => Promise<void>;
  cultureName?: string;
}

/** Runs the machine with stand-ins and records every state it passes and every named action. */
function start(options: Options = {}) {
  const calls: string[] = [];
  const states: string[] = [];
  const record = (name: string) => () => {
    calls.push(name);
  };
  const machine = bootMachine.provide({
    actors: {
      loadConfig: fromPromise(options.loadConfig ?? (async () => config)),
      chooseTenant: fromPromise(options.chooseTenant ?? (async () => true)),
      loadUserConfiguration: fromPromise(options.loadUserConfiguration ?? (async () => userConfiguration('nl'))),
      loadPersonLanguage: fromPromise(options.loadPersonLanguage ?? (async () => userConfiguration('en-US'))),
      initSession: fromPromise(options.initSession ?? (async () => ({ user: { name: 'Admin' } }))),
      loadLocale: fromPromise(async ({ input }) => {
        calls.push(`loadLocale:${input.localeName}`);
        await (options.loadLocale ?? (async () => {}))(input.localeName);
      }),
    },
    actions: {
      clearToken: record('clearToken'),
      clearIgnoredToken: ({ event }) => {
        calls.push(`clearIgnoredToken:${outputOf<BootUserConfiguration>(event, 'loadUserConfiguration').ignoredToken}`);
      },
      logError: record('logError'),
      triggerDynamicScriptsInitialized: record('triggerDynamicScriptsInitialized'),
      clearBusy: record('clearBusy'),
    },
  });
  const actor = createActor(machine, { input: { cultureName: options.cultureName ?? 'nl', tenantChosen: options.tenantChosen } });
  actor.subscribe((snapshot) => {
    const value = JSON.stringify(snapshot.value).replace(/"/g, '');
    if (states.at(-1) !== value) states.push(value);
  });
  actor.start();
  return { actor, calls, states };
}

const settled = (snapshot: { value: unknown; status: string }) =>
  snapshot.status === 'done' || snapshot.value === 'ready' || snapshot.value === 'configFailed';

/** A config that names the company's environment. */
const withTenancy: BootConfig = { ...config, tenancyName: 'Default' };

describe('bootMachine', () => {
  it('runs the steps in ABP order and loads the Dutch locale', async () => {
    const { actor, calls, states } = start();
    await waitFor(actor, settled);
    expect(states).toEqual(['loadingConfig', 'loadingUserConfiguration', 'initialisingSession', 'loadingLocale', 'ready']);
    expect(calls).toEqual(['triggerDynamicScriptsInitialized', 'loadLocale:nl', 'clearBusy']);
    expect(actor.getSnapshot().context.localeName).toBe('nl');
  });

  it('looks up the environment the config names for a browser that has chosen none, and goes on without one when it is refused', async () => {
    const first = start({ loadConfig: async () => withTenancy });
    await waitFor(first.actor, settled);
    expect(first.states.slice(0, 3)).toEqual(['loadingConfig', 'choosingTenant', 'loadingUserConfiguration']);
    expect(first.actor.getSnapshot().context.tenantChosen).toBe(true);

    const chosenBefore = start({ loadConfig: async () => withTenancy, tenantChosen: true });
    await waitFor(chosenBefore.actor, settled);
    expect(chosenBefore.states).not.toContain('choosingTenant');

    const noneNamed = start();
    await waitFor(noneNamed.actor, settled);
    expect(noneNamed.states).not.toContain('choosingTenant');

    const refused = start({ loadConfig: async () => withTenancy, chooseTenant: () => Promise.reject(httpError(500)) });
    await waitFor(refused.actor, settled);
    expect(refused.states).toEqual([
      'loadingConfig',
      'choosingTenant',
      'loadingUserConfiguration',
      'initialisingSession',
      'loadingLocale',
      'ready',
    ]);
    expect(refused.calls).toContain('logError');
    expect(refused.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('asks GetAll again when the person keeps another language, and goes on in his; without that answer, in the first', async () => {
    const keepsEnglish = async () => ({ ...userConfiguration('nl'), keepsOtherLanguage: true });
    const own = start({ loadUserConfiguration: keepsEnglish });
    await waitFor(own.actor, settled);
    expect(own.states).toEqual(['loadingConfig', 'loadingUserConfiguration', 'loadingPersonLanguage', 'initialisingSession', 'ready']);
    expect(own.actor.getSnapshot().context.localeName).toBe('en');

    const lost = start({ loadUserConfiguration: keepsEnglish, loadPersonLanguage: () => Promise.reject(httpError(500)) });
    await waitFor(lost.actor, settled);
    expect(lost.states).toEqual([
      'loadingConfig',
      'loadingUserConfiguration',
      'loadingPersonLanguage',
      'initialisingSession',
      'loadingLocale',
      'ready',
    ]);
    expect(lost.actor.getSnapshot().context.localeName).toBe('nl');
    expect(lost.calls).toContain('logError');
    expect(lost.actor.getSnapshot().context.error).toBeUndefined();

    const kept = start();
    await waitFor(kept.actor, settled);
    expect(kept.states).not.toContain('loadingPersonLanguage');
  });

  it('skips the locale step for en-US', async () => {
    const { actor, calls, states } = start({ loadUserConfiguration: async () => userConfiguration('en-US') });
    await waitFor(actor, settled);
    expect(states).not.toContain('loadingLocale');
    expect(states.at(-1)).toBe('ready');
    expect(calls.some((call) => call.startsWith('loadLocale'))).toBe(false);
    expect(actor.getSnapshot().context.localeName).toBe('en');
  });

  it('maps the language through localeMappings, first match wins', async () => {
    const { actor, calls } = start({
      loadConfig: async () => ({
        localeMappings: [
          { from: 'nl-NL', to: 'nl' },
          { from: 'nl-NL', to: 'de' },
        ],
      }),
      loadUserConfiguration: async () => userConfiguration('nl-NL'),
    });
    await waitFor(actor, settled);
    expect(calls).toContain('loadLocale:nl');
  });

  it('loads an unmapped language under its own name', async () => {
    const { actor, calls } = start({ loadUserConfiguration: async () => userConfiguration('fr') });
    await waitFor(actor, settled);
    expect(calls).toContain('loadLocale:fr');
  });

  it('clears the token on a 401 from the user configuration and goes on', async () => {
    const { actor, calls, states } = start({
      loadUserConfiguration: () => Promise.reject(httpError(401)),
      cultureName: 'nl',
    });
    await waitFor(actor, settled);
    expect(calls.slice(0, 3)).toEqual(['clearToken', 'logError', 'triggerDynamicScriptsInitialized']);
    expect(states.at(-1)).toBe('ready');
    expect(actor.getSnapshot().context.userConfiguration).toBeUndefined();
  });

  it('clears a token the backend answered as anonymous, as a 401 would, and keeps the answer', async () => {
    const anonymous = { ...userConfiguration('nl'), ignoredToken: 'dead' };
    const { actor, calls, states } = start({ loadUserConfiguration: async () => anonymous });
    await waitFor(actor, settled);
    expect(calls.slice(0, 2)).toEqual(['clearIgnoredToken:dead', 'triggerDynamicScriptsInitialized']);
    expect(states.at(-1)).toBe('ready');
    expect(actor.getSnapshot().context.userConfiguration).toEqual(anonymous);
  });

  it('keeps the token when the answer names no ignored token', async () => {
    const { actor, calls } = start();
    await waitFor(actor, settled);
    expect(calls.some((call) => call.startsWith('clearIgnoredToken') || call === 'clearToken')).toBe(false);
  });

  it('logs any other user configuration failure, keeps the token and goes on', async () => {
    const { actor, calls, states } = start({ loadUserConfiguration: () => Promise.reject(httpError(500)) });
    await waitFor(actor, settled);
    expect(calls).not.toContain('clearToken');
    expect(calls[0]).toBe('logError');
    expect(states.at(-1)).toBe('ready');
  });

  it('uses the culture cookie language when the user configuration failed', async () => {
    const { actor, states } = start({ loadUserConfiguration: () => Promise.reject(httpError(500)), cultureName: 'en-US' });
    await waitFor(actor, settled);
    expect(states).not.toContain('loadingLocale');
  });

  it('rejects start-up when the session fails: busy cleared, error kept, final', async () => {
    const { actor, calls, states } = start({ initSession: () => Promise.reject(httpError(500)) });
    await waitFor(actor, settled);
    expect(states.at(-1)).toBe('rejected');
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['triggerDynamicScriptsInitialized', 'logError', 'clearBusy']);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'server', status: 500 });
  });

  it('stops on a config that cannot be used and starts again on RETRY', async () => {
    const loadConfig = vi
      .fn<() => Promise<BootConfig>>()
      .mockRejectedValueOnce({ kind: 'config-invalid', detail: 'appBaseUrl: missing', field: 'appBaseUrl' })
      .mockResolvedValueOnce(config);
    const { actor, states } = start({ loadConfig });
    await waitFor(actor, settled);
    expect(states).toEqual(['loadingConfig', 'configFailed']);
    expect(actor.getSnapshot().context.error).toMatchObject({ kind: 'config-invalid', field: 'appBaseUrl' });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.value === 'ready');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('goes on to ready when the locale cannot be loaded, and logs it', async () => {
    const { actor, calls, states } = start({ loadLocale: () => Promise.reject(new Error('chunk failed')) });
    await waitFor(actor, settled);
    expect(states.at(-1)).toBe('ready');
    expect(calls).toContain('logError');
  });

  it('runs again from the user configuration on RESTART', async () => {
    const loadUserConfiguration = vi.fn(async () => userConfiguration('nl'));
    const { actor, states } = start({ loadUserConfiguration });
    await waitFor(actor, settled);
    actor.send({ type: 'RESTART' });
    await waitFor(actor, (snapshot) => snapshot.value === 'ready' && loadUserConfiguration.mock.calls.length === 2);
    expect(states.slice(5)).toEqual(['loadingUserConfiguration', 'initialisingSession', 'loadingLocale', 'ready']);
  });

  it('keeps what it had when a re-run cannot load the session: back in ready with the error, not ended', async () => {
    const sessions = [async () => ({ user: { name: 'Admin' } }), () => Promise.reject(httpError(500))];
    let call = 0;
    const { actor, calls } = start({
      initSession: () => sessions[call++]!(),
      loadUserConfiguration: async () => userConfiguration(call === 0 ? 'nl' : 'en-US'),
    });
    await waitFor(actor, settled);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'RESTART' });
    const after = await waitFor(actor, (snapshot) => snapshot.value === 'ready' && call === 2);
    expect(after.status).toBe('active');
    expect(after.context.session).toBe(before.session);
    expect(after.context.userConfiguration).toBe(before.userConfiguration);
    expect(after.context.localeName).toBe(before.localeName);
    expect(after.context.error).toEqual(httpError(500));
    expect(after.context.previous).toBeUndefined();
    expect(calls.filter((name) => name === 'logError')).toHaveLength(1);
  });

  it('clears the error of a failed re-run when the next one succeeds', async () => {
    let fail = false;
    const { actor } = start({ initSession: () => (fail ? Promise.reject(httpError(500)) : Promise.resolve({ user: { name: 'Admin' } })) });
    await waitFor(actor, settled);
    fail = true;
    actor.send({ type: 'RESTART' });
    await waitFor(actor, (snapshot) => snapshot.value === 'ready' && snapshot.context.error !== undefined);
    fail = false;
    actor.send({ type: 'RESTART' });
    const after = await waitFor(actor, (snapshot) => snapshot.value === 'ready' && snapshot.context.error === undefined);
    expect(after.context.session).toEqual({ user: { name: 'Admin' } });
  });

  describe('when the server gives no answer at the first start', () => {
    const noAnswer = { kind: 'network', detail: 'Failed to fetch', status: 0 };

    /** A request that gets no answer the first `times` times, then answers. */
    function answersAfter<T>(times: number, answer: T) {
      let calls = 0;
      const fn = vi.fn(() => (calls++ < times ? Promise.reject(noAnswer) : Promise.resolve(answer)));
      return fn;
    }

    it('waits 1, 2, 4, 8 s, then every 10 s', () => {
      expect([1, 2, 3, 4, 5, 9].map(startRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    });

    it.each([
      ['the config', 'loadConfig'],
      ['the user configuration', 'loadUserConfiguration'],
      ['the session', 'initSession'],
    ] as const)('%s: keeps waiting, starts again after the wait, and goes on by itself once it answers', async (_, actorName) => {
      vi.useFakeTimers();
      try {
        const answer = { loadConfig: config, loadUserConfiguration: userConfiguration('nl'), initSession: { user: null } }[actorName];
        const request = answersAfter(2, answer);
        const loadConfig = vi.fn(async () => config);
        const { actor, calls, states } = start({ loadConfig, [actorName]: request });
        await vi.advanceTimersByTimeAsync(0);
        expect(states.at(-1)).toBe('waitingForServer');
        expect(actor.getSnapshot().context.waits).toBe(1);
        // The page is no longer busy for assistive technology: it says what it waits for.
        expect(calls).toContain('clearBusy');
        await vi.advanceTimersByTimeAsync(999);
        expect(request).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(1);
        // Start-up begins again from the config.
        expect(request).toHaveBeenCalledTimes(2);
        expect(actor.getSnapshot().context.waits).toBe(2);
        // The second wait is longer.
        await vi.advanceTimersByTimeAsync(1_999);
        expect(request).toHaveBeenCalledTimes(2);
        await vi.advanceTimersByTimeAsync(1);
        expect(states.at(-1)).toBe('ready');
        expect(actor.getSnapshot().context.waits).toBeUndefined();
        expect(calls.filter((name) => name === 'logError')).toHaveLength(2);
        // Twice without an answer, so the config was asked for three times.
        if (actorName !== 'loadConfig') expect(loadConfig).toHaveBeenCalledTimes(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it('the environment: a lookup without an answer waits; once it has chosen one, a start that asks again does not look it up again', async () => {
      vi.useFakeTimers();
      try {
        const chooseTenant = answersAfter(1, true);
        const loadUserConfiguration = answersAfter(1, userConfiguration('nl'));
        const { actor, calls, states } = start({ loadConfig: async () => withTenancy, chooseTenant, loadUserConfiguration });
        await vi.advanceTimersByTimeAsync(0);
        expect(states).toEqual(['loadingConfig', 'choosingTenant', 'waitingForServer']);
        await vi.advanceTimersByTimeAsync(1_000);
        // The second lookup chose it; GetAll got no answer, and the start after that wait skips the lookup.
        await vi.advanceTimersByTimeAsync(2_000);
        expect(states).toEqual([
          'loadingConfig',
          'choosingTenant',
          'waitingForServer',
          'loadingConfig',
          'choosingTenant',
          'loadingUserConfiguration',
          'waitingForServer',
          'loadingConfig',
          'loadingUserConfiguration',
          'initialisingSession',
          'loadingLocale',
          'ready',
        ]);
        expect(chooseTenant).toHaveBeenCalledTimes(2);
        expect(actor.getSnapshot().context.tenantChosen).toBe(true);
        expect(calls.filter((name) => name === 'logError')).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('tries at once on RETRY (the button, or the browser back online)', async () => {
      const request = answersAfter(1, userConfiguration('nl'));
      const { actor } = start({ loadUserConfiguration: request });
      await waitFor(actor, (snapshot) => snapshot.value === 'waitingForServer');
      actor.send({ type: 'RETRY' });
      await waitFor(actor, settled, { timeout: 500 });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(request).toHaveBeenCalledTimes(2);
    });

    it('keeps the HTTP errors as they were: a config file answered with 503 stops, a session answered with 500 rejects', async () => {
      const config503 = start({ loadConfig: () => Promise.reject({ kind: 'config-unreachable', detail: 'HTTP 503', status: 503 }) });
      await waitFor(config503.actor, settled);
      expect(config503.states).toEqual(['loadingConfig', 'configFailed']);
      const session500 = start({ initSession: () => Promise.reject(httpError(500)) });
      await waitFor(session500.actor, settled);
      expect(session500.states).not.toContain('waitingForServer');
    });

    it('does not wait in a re-run: the page stays as it was and the change fails as before', async () => {
      let offline = false;
      const { actor, states } = start({
        loadUserConfiguration: () => (offline ? Promise.reject(noAnswer) : Promise.resolve(userConfiguration('nl'))),
        initSession: () => (offline ? Promise.reject(noAnswer) : Promise.resolve({ user: { name: 'Admin' } })),
      });
      await waitFor(actor, settled);
      offline = true;
      actor.send({ type: 'RESTART' });
      const after = await waitFor(actor, (snapshot) => snapshot.value === 'ready' && snapshot.context.error !== undefined);
      expect(after.context.error).toMatchObject({ kind: 'network' });
      expect(states.filter((state) => state.startsWith('waiting'))).toEqual([]);
    });
  });
});

describe("the page's early answers (start-up's input)", () => {
  /** Starts with `early` as input and records the early answers each invocation of the config's and GetAll's actors was given. */
  function startWithEarly(loadConfig: () => Promise<BootConfig>) {
    const given: { request: string; early: unknown }[] = [];
    const machine = bootMachine.provide({
      actors: {
        loadConfig: fromPromise(async ({ input }) => {
          given.push({ request: 'config', early: input.early });
          return loadConfig();
        }),
        loadUserConfiguration: fromPromise(async ({ input }) => {
          given.push({ request: 'GetAll', early: input.early });
          return userConfiguration('nl');
        }),
        initSession: fromPromise(async (): Promise<unknown> => ({ user: null })),
        loadLocale: fromPromise(async () => {}),
      },
    });
    const actor = createActor(machine, { input: { cultureName: 'nl', early: 'sent by the page' } }).start();
    return { actor, given };
  }

  it('go to the config and GetAll of the first pass, and to no re-run', async () => {
    const { actor, given } = startWithEarly(async () => config);
    await waitFor(actor, (snapshot) => snapshot.value === 'ready');
    expect(actor.getSnapshot().context.early, 'forgotten once start-up is ready').toBeUndefined();
    actor.send({ type: 'RESTART' });
    await waitFor(actor, (snapshot) => snapshot.value === 'ready' && given.length === 3);
    expect(given).toEqual([
      { request: 'config', early: 'sent by the page' },
      { request: 'GetAll', early: 'sent by the page' },
      { request: 'GetAll', early: undefined },
    ]);
  });

  it('go to no second try: after no answer, or a config that could not be used, start-up asks the network', async () => {
    let answers = 0;
    const noAnswerThenUnusable = async () => {
      answers += 1;
      if (answers === 1) throw { kind: 'network', detail: 'Failed to fetch' };
      if (answers === 2) throw { kind: 'config-invalid', detail: 'appBaseUrl: missing', field: 'appBaseUrl' };
      return config;
    };
    const { actor, given } = startWithEarly(noAnswerThenUnusable);
    await waitFor(actor, (snapshot) => snapshot.value === 'waitingForServer');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.value === 'configFailed');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.value === 'ready');
    expect(given.map(({ early }) => early)).toEqual(['sent by the page', undefined, undefined, undefined]);
  });
});
