import { describe, expect, it } from 'vitest';
import { bootMachine } from '../../machines/boot.machine.ts';
import { bootView, bootViewEqual, type BootView } from '../../machines/boot.view.ts';
import { callbackViewEqual } from '../../machines/callback.view.ts';
import { inactivityViewEqual } from '../../machines/inactivity.view.ts';
import { tokenViewEqual } from '../../machines/token.view.ts';

const session = { user: { name: 'Admin' } };
const config = { localeMappings: [] };

/** Start-up's snapshot in a state, with the context it would have there. */
function boot(value: string, context: Record<string, unknown> = {}) {
  return bootMachine.resolveState({ value, context: { cultureName: 'nl', ...context } });
}

describe('bootView', () => {
  it('shows the routes once the session is known, and keeps them while a re-run loads', () => {
    expect(bootView(boot('ready', { config, session, localeName: 'en' }))).toEqual({ kind: 'ready', session, localeName: 'en' });
    expect(bootView(boot('loadingUserConfiguration', { config, session, localeName: 'nl' }))).toEqual({
      kind: 'ready',
      session,
      localeName: 'nl',
    });
  });

  it('is busy before the first session, and says so when it waits for the server', () => {
    expect(bootView(boot('loadingUserConfiguration', { config }))).toEqual({ kind: 'busy', waiting: false });
    expect(bootView(boot('waitingForServer', { waits: 1 }))).toEqual({ kind: 'busy', waiting: true });
  });

  it('names the failure, final only once start-up is rejected', () => {
    const error = { kind: 'config-invalid', detail: 'appBaseUrl: missing' };
    expect(bootView(boot('configFailed', { error }))).toEqual({ kind: 'failed', error, final: false });
    expect(bootView(boot('rejected', { config, error }))).toEqual({ kind: 'failed', error, final: true });
  });
});

describe('the views compare by what the page shows', () => {
  it('start-up: the same session and language, the same failure, the same wait', () => {
    const ready = (who: unknown, localeName = 'nl'): BootView => ({ kind: 'ready', session: who, localeName });
    expect(bootViewEqual(ready(session), ready(session))).toBe(true);
    expect(bootViewEqual(ready(session), ready({ ...session }))).toBe(false);
    expect(bootViewEqual(ready(session), ready(session, 'en'))).toBe(false);
    expect(bootViewEqual({ kind: 'busy', waiting: true }, { kind: 'busy', waiting: false })).toBe(false);
    expect(bootViewEqual({ kind: 'busy', waiting: false }, ready(session))).toBe(false);
  });

  it('the session banner: the same reason, the same end', () => {
    expect(tokenViewEqual({ kind: 'signInRequired', errorKind: 'a' }, { kind: 'signInRequired', errorKind: 'a' })).toBe(true);
    expect(tokenViewEqual({ kind: 'signInRequired', errorKind: 'a' }, { kind: 'signInRequired', errorKind: 'b' })).toBe(false);
    expect(tokenViewEqual({ kind: 'endingSoon', endsAt: 1 }, { kind: 'endingSoon', endsAt: 2 })).toBe(false);
    expect(tokenViewEqual({ kind: 'quiet' }, { kind: 'quiet' })).toBe(true);
    expect(tokenViewEqual({ kind: 'quiet' }, { kind: 'pending' })).toBe(false);
  });

  it('the callback page and the inactivity dialog', () => {
    expect(callbackViewEqual({ kind: 'slow', errorKind: 'a' }, { kind: 'slow', errorKind: 'a' })).toBe(true);
    expect(callbackViewEqual({ kind: 'slow', errorKind: 'a' }, { kind: 'slow', errorKind: undefined })).toBe(false);
    expect(callbackViewEqual({ kind: 'waiting' }, { kind: 'notActive' })).toBe(false);
    expect(inactivityViewEqual({ kind: 'warning', endsAt: 1 }, { kind: 'warning', endsAt: 1 })).toBe(true);
    expect(inactivityViewEqual({ kind: 'warning', endsAt: 1 }, { kind: 'warning', endsAt: 2 })).toBe(false);
    expect(inactivityViewEqual({ kind: 'quiet' }, { kind: 'warning', endsAt: 1 })).toBe(false);
  });
});
