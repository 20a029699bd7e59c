import { callbackMachine } from '../../../machines/callback.machine.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';

const CALLBACK = 'http://localhost:4200/account/logincallback';

/**
 * The login callback. Its inputs decide the first step: an address with
 * `code` (a login redirect) or without, with or without a session. The
 * machine's own `isLoginRedirect` is a placeholder that src/ replaces; the
 * model reads the address the way src/auth/callback.ts does.
 */
export const callbackModel: MachineModel = {
  name: 'callback',
  machine: callbackMachine.provide({
    guards: {
      isLoginRedirect: ({ context }) => {
        const parameters = new URL(context.href).searchParams;
        return parameters.has('code') || parameters.has('error');
      },
    },
  }),
  inputs: {
    redirect: { href: `${CALLBACK}?code=c0de&state=5tate`, hasSession: false },
    'visit signed out': { href: CALLBACK, hasSession: false },
    'visit signed in': { href: CALLBACK, hasSession: true },
  },
  outcomes: {
    parseTokens: {
      done: {
        'with token': { tokens: { accessToken: 'provider-access-token' }, returnPath: '/verkoop' },
        'without token': { returnPath: '/app/home' },
      },
      error: {
        fail: { kind: 'invalid-token', detail: 'the token endpoint refused the code' },
        cancelled: { kind: 'access-denied', detail: 'access_denied' },
      },
    },
    loginAtBackend: {
      done: {
        ok: { waitingForActivation: false, result: { accessToken: 'backend-token' } },
        waitingForActivation: { waitingForActivation: true, result: { waitingForActivation: true } },
      },
      error: { fail: { kind: 'backend-rejected', detail: 'HTTP 500' } },
    },
    processAuthenticateResult: {
      done: { ok: undefined },
      error: { fail: { kind: 'backend-rejected', detail: 'Unexpected authenticateResult!' } },
    },
  },
};
