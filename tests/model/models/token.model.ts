import { RENEW_MARGIN_MS, tokenMachine } from '../../../machines/token.machine.ts';
import type { TokenContext } from '../../../machines/token.types.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';

/**
 * The token lifecycle. Times are relative to the moment the model is built:
 * the tests freeze `Date` so that the machine's renewBeforeExpiry delay is
 * the same when the path is generated and when it is walked.
 */
export function tokenModel(now = Date.now()): MachineModel {
  const inTwo = now + 2 * 60_000;
  const inFive = now + 5 * 60_000;
  const inAnHour = now + 60 * 60_000;
  const inHalfAMinute = now + 30_000;
  const inEightHours = now + 8 * 60 * 60_000;
  const inThirtyDays = now + 30 * 24 * 60 * 60_000;
  return {
    name: 'token',
    machine: tokenMachine,
    inputs: { 'no token': undefined },
    outcomes: {
      renewTokens: {
        done: { ok: { expiresAt: inAnHour } },
        error: {
          invalid_grant: { kind: 'invalid-refresh-token', detail: 'invalid_grant' },
          unreachable: { kind: 'provider-unreachable', detail: 'fetch failed' },
          'session unseen': { kind: 'provider-session-unseen', detail: 'login_required from a hidden frame' },
        },
      },
      reauthenticate: {
        done: {
          success: { status: 'success', expiresAt: inAnHour },
          canceled: { status: 'canceled' },
          failure: { status: 'failure', error: { kind: 'access-denied', detail: 'access_denied' } },
          terminal: { status: 'terminal' },
        },
        error: { thrown: { kind: 'popup-blocked', detail: 'window.open returned null' } },
      },
      // The same popup sign-in, while the session still runs (before its fixed end).
      extend: {
        done: {
          'success, new working day': { status: 'success', expiresAt: inAnHour, sessionEndsAt: inEightHours },
          canceled: { status: 'canceled' },
          terminal: { status: 'terminal' },
        },
        error: { thrown: { kind: 'popup-blocked', detail: 'window.open returned null' } },
      },
    },
    events: {
      ADDED: {
        'expires in 5 min': { expiresAt: inFive },
        'expires in 30 s': { expiresAt: inHalfAMinute },
        'session ends in 5 min': { expiresAt: inAnHour, sessionEndsAt: inFive },
        // Exactly at the margin: due already (a tab that wakes then renews).
        'expires in 1 min': { expiresAt: now + RENEW_MARGIN_MS },
        // A fixed end reached while the tab slept: due, however long the token still lives.
        'session ends now': { expiresAt: inAnHour, sessionEndsAt: now },
        // Further away than setTimeout can wait.
        'session ends in 30 days': { expiresAt: inAnHour, sessionEndsAt: inThirtyDays },
        // Renewed without a refresh token (renewLate): in the last quarter of its two minutes, not one minute before.
        'expires in 2 min, no refresh token': { expiresAt: inTwo, renewLate: true },
      },
      RENEWED: { 'expires in 1 h': { expiresAt: inAnHour } },
      ERROR: { network: { error: { kind: 'provider-unreachable', detail: 'fetch failed' } } },
    },
    // Both need the person (needsPerson) and take one transition: each is walked.
    through: [
      'error renewTokens (invalid_grant)',
      'error renewTokens (session unseen)',
      // isDue at its two boundaries, each woken to: the renewal starts.
      'ADDED (expires in 1 min) → WAKE',
      'ADDED (session ends now) → WAKE',
      // The waits for a far end are setTimeout's longest.
      'ADDED (session ends in 30 days)',
      // A popup sign-in that ends without success keeps the late renewal; one that succeeds takes its own (none here).
      'ADDED (expires in 2 min, no refresh token) → … → done reauthenticate (canceled)',
      'ADDED (expires in 2 min, no refresh token) → … → done reauthenticate (success)',
    ],
    // isDue's boundaries, so a WAKE there is a path of its own and not the one of a token that is plainly due; and a
    // late renewal, so a popup sign-in has a path from there.
    contextKey: (context: TokenContext) =>
      `${context.expiresAt === now + RENEW_MARGIN_MS ? ' (at the margin)' : ''}${context.sessionEndsAt !== undefined && context.sessionEndsAt <= now ? ' (session over)' : ''}${context.renewLate ? ' (renews late)' : ''}`,
  };
}
