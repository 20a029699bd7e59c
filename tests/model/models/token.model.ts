import { RENEW_MARGIN_MS, renewsAt, tokenMachine } from '../../../machines/token.machine.ts';
import type { TokenContext } from '../../../machines/token.types.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';
import { tokenRules } from '../rules/token.rules.ts';

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
  /** A backend token of 75 s without a refresh token: renewed 30 s before its end (the frame's 10 s, the person's 20 s). */
  const short = (expiresIn: number) => ({ expiresAt: now + expiresIn, lifetimeMs: 75_000, renewLate: true });
  return {
    name: 'token',
    machine: tokenMachine,
    inputs: { 'no token': undefined },
    outcomes: {
      renewTokens: {
        done: {
          ok: { expiresAt: inAnHour },
          // Another tab renewed 5 s before (renewedElsewhere): its token, with no refresh token either, is renewed as late as this tab's own.
          'renewed elsewhere, no refresh token': short(70_000),
        },
        error: {
          invalid_grant: { kind: 'invalid-refresh-token', detail: 'invalid_grant' },
          unreachable: { kind: 'provider-unreachable', detail: 'fetch failed' },
          'session unseen': { kind: 'provider-session-unseen', detail: 'login_required from a hidden frame' },
          // The refresh token is bound to a key (DPoP) this browser no longer has (site data cleared in another tab).
          'key lost': { kind: 'dpop-key-lost', detail: 'no DPoP key for the refresh token' },
        },
      },
      reauthenticate: {
        done: {
          success: { status: 'success', expiresAt: inAnHour },
          canceled: { status: 'canceled' },
          failure: { status: 'failure', error: { kind: 'access-denied', detail: 'access_denied' } },
          terminal: { status: 'terminal' },
        },
      },
      // The same popup sign-in, while the session still runs (before its fixed end).
      extend: {
        done: {
          'success, new working day': { status: 'success', expiresAt: inAnHour, sessionEndsAt: inEightHours },
          canceled: { status: 'canceled' },
          terminal: { status: 'terminal' },
        },
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
        // Renewed without a refresh token (renewLate): a quarter of its two minutes before its end, not one minute before.
        'expires in 2 min, no refresh token': { expiresAt: inTwo, lifetimeMs: 2 * 60_000, renewLate: true },
        // Staff with no refresh token: a tab woken 25 s into a 75 s token waits on; one woken 45 s in (the late window) renews.
        '75 s token, 25 s in, no refresh token': short(50_000),
        '75 s token, 45 s in, no refresh token': short(30_000),
        // A reload 110 s into a 120 s token: the margin comes from the lifetime (30 s), not the 10 s left: due at once.
        'reload 110 s into 120 s, no refresh token': { expiresAt: now + 10_000, lifetimeMs: 120_000, renewLate: true },
        // Shorter than twice the frame's limit and the time to confirm: renewed at half its lifetime (20 s before its end), so the new token's renewal does not follow it at once.
        '40 s token, no refresh token': { expiresAt: now + 40_000, lifetimeMs: 40_000, renewLate: true },
        // Taken from another tab without its lifetime: renewed a minute before its end, as any token of unknown lifetime.
        'no refresh token, lifetime unknown': { expiresAt: inTwo, renewLate: true },
      },
      // Another tab stored a new backend token (its announceRenewed).
      RENEWED: {
        'expires in 1 h': { expiresAt: inAnHour, lifetimeMs: 60 * 60_000 },
        'another tab confirmed, no refresh token': short(75_000),
      },
    },
    // All three need the person (needsPerson) and take one transition: each is walked.
    through: [
      'error renewTokens (invalid_grant)',
      'error renewTokens (session unseen)',
      'error renewTokens (key lost)',
      // isDue at its two boundaries, each woken to: the renewal starts.
      'ADDED (expires in 1 min) → WAKE',
      'ADDED (session ends now) → WAKE',
      // The waits for a far end are setTimeout's longest.
      'ADDED (session ends in 30 days)',
      // A popup sign-in that ends without success keeps the late renewal; one that succeeds takes its own (none here).
      'ADDED (expires in 2 min, no refresh token) → … → done reauthenticate (canceled)',
      'ADDED (expires in 2 min, no refresh token) → … → done reauthenticate (success)',
      // Waking within the late window and before it; another tab's renewal; a reload late in a lifetime.
      'ADDED (75 s token, 25 s in, no refresh token) → WAKE',
      'ADDED (75 s token, 45 s in, no refresh token) → WAKE',
      'done renewTokens (renewed elsewhere, no refresh token) → WAKE',
      'done renewTokens (renewed elsewhere, no refresh token) → after renewBeforeExpiry',
      'ADDED (reload 110 s into 120 s, no refresh token) → after renewBeforeExpiry',
      'ADDED (40 s token, no refresh token) → after renewBeforeExpiry',
      'ADDED (no refresh token, lifetime unknown) → after renewBeforeExpiry',
      // The scenarios the rules are read on, each a promise of its own: a popup that cannot open leads to the redirect sign-in (both popups);
      // "Opnieuw inloggen" during the warning extends the session; sign-out during a renewal, a failed renewal and an open popup
      // ends the tab; a failed renewal is tried again when the connection is back. A machine in which one cannot happen keeps no rule.
      'done reauthenticate (terminal)',
      'done extend (terminal)',
      'after warnBeforeSessionEnd → SIGN_IN → done extend (success, new working day)',
      'EXPIRED → REMOVED',
      'error renewTokens (unreachable) → RETRY',
      'error renewTokens (unreachable) → REMOVED',
      'SIGN_IN → REMOVED',
      // This tab asks; the person confirmed in another one: this one asks no more, and renews late.
      'error renewTokens (invalid_grant) → RENEWED (another tab confirmed, no refresh token)',
    ],
    rules: tokenRules,
    // isDue's boundaries, so a WAKE there is a path of its own and not the one of a token that is plainly due or not
    // yet due; and a late renewal, so a popup sign-in and a wake have a path from there.
    contextKey: (context: TokenContext) =>
      `${context.expiresAt === now + RENEW_MARGIN_MS ? ' (at the margin)' : ''}${context.expiresAt !== undefined && renewsAt(context) === now ? ' (due now)' : ''}${context.sessionEndsAt !== undefined && context.sessionEndsAt <= now ? ' (session over)' : ''}${context.renewLate ? ` (renews late, ${(context.expiresAt ?? now) - now} of ${context.lifetimeMs ?? '?'} ms left)` : ''}`,
  };
}
