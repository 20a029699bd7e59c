import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { callbackMachine } from '../../machines/callback.machine.ts';
import type { BackendLogin, ParsedCallback } from '../../machines/callback.types.ts';

const REDIRECT = 'http://localhost:4200/account/logincallback?code=abc&state=xyz';
const TOKENS = { accessToken: 'provider-access-token' };
const LOGIN = { accessToken: 'backend-token', waitingForActivation: false };

interface Options {
  href?: string;
  hasSession?: boolean;
  parseTokens?: () => Promise<ParsedCallback>;
  loginAtBackend?: () => Promise<BackendLogin>;
  processAuthenticateResult?: (args: { input: { tokens: unknown; login: unknown } }) => Promise<void>;
}

function start(options: Options = {}) {
  const calls: string[] = [];
  const record = (name: string) => () => {
    calls.push(name);
  };
  const machine = callbackMachine.provide({
    actors: {
      parseTokens: fromPromise(options.parseTokens ?? (async () => ({ tokens: TOKENS, returnPath: '/verkoop' }))),
      loginAtBackend: fromPromise(options.loginAtBackend ?? (async () => ({ waitingForActivation: false, result: LOGIN }))),
      processAuthenticateResult: fromPromise(options.processAuthenticateResult ?? (async () => {})),
    },
    actions: {
      cleanAddress: record('cleanAddress'),
      logError: record('logError'),
      navigateToReturnPath: ({ context }) => calls.push(`navigate:${context.returnPath}`),
      navigateToLogin: (_, { failed }) => calls.push(failed ? 'navigateToLogin:failed' : 'navigateToLogin'),
      navigateToLoginCancelled: record('navigateToLoginCancelled'),
      navigateToHome: record('navigateToHome'),
    },
    guards: {
      isLoginRedirect: ({ context }) => /[?&](code|error)=/.test(context.href),
    },
  });
  const actor = createActor(machine, { input: { href: options.href ?? REDIRECT, hasSession: options.hasSession ?? false } });
  actor.start();
  return { actor, calls };
}

/** Lets the stand-in promises settle under fake timers. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('callbackMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('parses, logs in at the backend, processes the result and goes to the remembered page', async () => {
    const { actor, calls } = start();
    await flush();
    expect(actor.getSnapshot().value).toEqual({ flow: 'signedIn', view: 'waiting' });
    expect(calls).toEqual(['cleanAddress', 'navigate:/verkoop']);
  });

  it("hands the exchange's tokens and the backend's answer on through its context, and forgets them at the end", async () => {
    const processed = vi.fn(async (_args: { input: { tokens: unknown; login: unknown } }) => {});
    const { actor } = start({ processAuthenticateResult: processed });
    await flush();
    expect(processed.mock.calls[0]![0].input).toEqual({ tokens: TOKENS, login: LOGIN });
    expect(actor.getSnapshot().context.tokens).toBeUndefined();
    expect(actor.getSnapshot().context.login).toBeUndefined();
  });

  it('cleans the address before the tokens are parsed', async () => {
    const order: string[] = [];
    const { calls } = start({
      parseTokens: async () => {
        order.push('parse');
        return { tokens: TOKENS, returnPath: '/app/home' };
      },
    });
    expect(calls[0]).toBe('cleanAddress');
    await flush();
    expect(order).toEqual(['parse']);
  });

  it('goes to /account/login when the exchange gave no access token', async () => {
    const { actor, calls } = start({ parseTokens: async () => ({ returnPath: '/app/home' }) });
    await flush();
    expect(actor.getSnapshot().matches({ flow: 'leftForLogin' })).toBe(true);
    expect(calls).toEqual(['cleanAddress', 'navigateToLogin:failed']);
  });

  it('goes back to the login page at once when the sign-in was cancelled at the provider (access_denied)', async () => {
    const { actor, calls } = start({
      href: 'http://localhost:4200/account/logincallback?error=access_denied&state=xyz',
      parseTokens: () => Promise.reject({ kind: 'access-denied', detail: 'access_denied' }),
    });
    await flush();
    expect(actor.getSnapshot().matches({ flow: 'cancelled', view: 'waiting' })).toBe(true);
    expect(calls).toEqual(['cleanAddress', 'logError', 'navigateToLoginCancelled']);
    expect(actor.getSnapshot().context.error, 'not a failure to show').toBeUndefined();
  });

  it('says the account is not active when the backend waits for activation', async () => {
    const { actor, calls } = start({
      loginAtBackend: async () => ({ waitingForActivation: true, result: { waitingForActivation: true } }),
    });
    await flush();
    expect(actor.getSnapshot().matches({ flow: 'notActive' })).toBe(true);
    expect(calls.some((call) => call.startsWith('navigate'))).toBe(false);
  });

  it.each([
    ['parsing', { parseTokens: () => Promise.reject({ kind: 'state-mismatch', detail: 'bad state' }) }],
    ['backend login', { loginAtBackend: () => Promise.reject({ kind: 'backend-rejected', detail: '500' }) }],
    ['processing', { processAuthenticateResult: () => Promise.reject({ kind: 'backend-rejected', detail: 'no token' }) }],
  ] as const)('logs a failure in %s and keeps waiting for the 5 s rule', async (_step, options) => {
    const { actor, calls } = start(options);
    await flush();
    expect(actor.getSnapshot().matches({ flow: 'failed', view: 'waiting' })).toBe(true);
    expect(calls).toContain('logError');
    expect(actor.getSnapshot().context.error?.kind).toBeDefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches({ view: 'slow' })).toBe(true);
  });

  it('shows the retry message at exactly 5000 ms, not at 4999 ms', async () => {
    const { actor } = start({ parseTokens: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(4999);
    expect(actor.getSnapshot().matches({ view: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ view: 'slow' })).toBe(true);
    expect(actor.getSnapshot().matches({ flow: 'parsingTokens' })).toBe(true);
  });

  it('goes to /account/login for an address that is not a login redirect', async () => {
    const { actor, calls } = start({ href: 'http://localhost:4200/account/logincallback' });
    expect(actor.getSnapshot().matches({ flow: 'leftForLogin' })).toBe(true);
    expect(calls).toEqual(['navigateToLogin']);
  });

  it('goes to /app/home for a non-redirect visit with a session', async () => {
    const { actor, calls } = start({ href: 'http://localhost:4200/account/logincallback', hasSession: true });
    expect(actor.getSnapshot().matches({ flow: 'leftForHome' })).toBe(true);
    expect(calls).toEqual(['navigateToHome']);
  });
});
