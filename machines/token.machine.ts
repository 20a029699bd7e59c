import { assertEvent, assign, fromPromise, setup, type AnyEventObject } from 'xstate';
import { notProvided } from './actorEvents.ts';
import { failureOf, outputOf } from './error.ts';
import type { SignInOutcome, TokenContext, TokenEvent, TokenGrant } from './token.types.ts';

/** Renew this long before the backend token expires, at most (a renewal on a refresh token, which needs nobody, always). */
export const RENEW_MARGIN_MS = 60_000;
/** What a renewal without a refresh token may take by itself: the hidden frame's limit (SILENT_TIMEOUT_MS in src/renewal/silent.lazy.ts). */
export const FRAME_LIMIT_MS = 10_000;
/** The time the person has, at least, to click "Sessie bevestigen" before the backend token ends, when the frame could not renew. */
export const CONFIRM_TIME_MS = 20_000;

/** What the renewal rule reads: when the backend token expires, how long it lives in all, and whether its renewal may need the person. */
type RenewalFacts = Pick<TokenContext, 'expiresAt' | 'lifetimeMs' | 'renewLate'>;

/**
 * How long before its expiry the backend token is renewed. A minute; and
 * when the renewal may need the person (`renewLate`: no refresh token, so a
 * click on "Sessie bevestigen" where the provider's frame sees no session),
 * a quarter of the token's lifetime, so the person is asked at most once per
 * backend-token lifetime: never less than the frame's limit plus the time to
 * confirm, never more than a minute, and never more than half the lifetime,
 * so the renewal of a new token never follows it at once. A token whose
 * lifetime is not known is renewed a minute before it expires.
 */
export function renewMargin({ lifetimeMs, renewLate }: Omit<RenewalFacts, 'expiresAt'>): number {
  if (!renewLate || lifetimeMs === undefined) return RENEW_MARGIN_MS;
  return Math.min(Math.max(lifetimeMs / 4, FRAME_LIMIT_MS + CONFIRM_TIME_MS), RENEW_MARGIN_MS, lifetimeMs / 2);
}

/** The moment (epoch ms) the backend token is due for renewal: the one rule for the timer, a tab that wakes, and a renewal another tab made. */
export function renewsAt(facts: RenewalFacts): number {
  return (facts.expiresAt ?? 0) - renewMargin(facts);
}
/** Warn this long before the session's fixed end ("Je sessie eindigt om 17:30"). */
export const SESSION_END_WARNING_MS = 5 * 60_000;
/** setTimeout's longest wait; a longer delay would fire at once. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** The outcome of a popup sign-in: `reauthenticate` after the session was lost, `extend` while it still runs. */
const signInOutcome = (event: AnyEventObject) => outputOf<SignInOutcome>(event, 'reauthenticate', 'extend');

const until = (time: number | undefined) => Math.min(LONGEST_DELAY_MS, Math.max(0, (time ?? Infinity) - Date.now()));

/**
 * The backend token's life: renewed before it expires (provider refresh with
 * rotation, then a new backend login), and when that is no longer possible a
 * re-authentication in a popup that keeps the page. When the provider's
 * session has a fixed end that renewals do not move, the person is warned
 * five minutes before it and may sign in again in the popup meanwhile.
 */
export const tokenMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are read by TypeScript alone, xstate ignores them at run time
  types: {
    context: {} as TokenContext,
    events: {} as TokenEvent,
  },
  actors: {
    /** `expiresAt`: when the backend token it renews expires (a renewal another tab made meanwhile outlives it). */
    renewTokens: fromPromise<TokenGrant, { expiresAt: number | undefined }>(notProvided),
    /** Never rejects: a popup that failed, was closed or blocked is an outcome (`SignInOutcome.status`). */
    reauthenticate: fromPromise<SignInOutcome>(notProvided),
  },
  actions: {
    storeExpiry: assign(({ event }) => {
      assertEvent(event, ['ADDED', 'RENEWED']);
      return { expiresAt: event.expiresAt, lifetimeMs: event.lifetimeMs, sessionEndsAt: event.sessionEndsAt, renewLate: event.renewLate };
    }),
    storeGrant: assign(({ event }) => {
      const { expiresAt, lifetimeMs, sessionEndsAt, renewLate } = outputOf<TokenGrant>(event, 'renewTokens');
      return { expiresAt, lifetimeMs, sessionEndsAt, renewLate, error: undefined };
    }),
    storeOutcome: assign(({ context, event }) => {
      const outcome = signInOutcome(event);
      return {
        signInStatus: outcome.status,
        expiresAt: outcome.expiresAt ?? context.expiresAt,
        lifetimeMs: outcome.status === 'success' ? outcome.lifetimeMs : context.lifetimeMs,
        sessionEndsAt: outcome.status === 'success' ? outcome.sessionEndsAt : context.sessionEndsAt,
        renewLate: outcome.status === 'success' ? outcome.renewLate : context.renewLate,
        error: outcome.error,
      };
    }),
    markPending: assign({ signInStatus: 'pending' as const }),
    storeError: assign(({ event }) => ({ error: failureOf(event) })),
    forget: assign({
      expiresAt: undefined,
      lifetimeMs: undefined,
      renewLate: undefined,
      sessionEndsAt: undefined,
      signInStatus: undefined,
      error: undefined,
    }),
    /** Tells the other tabs that this one holds a new backend token (they take it as RENEWED). */
    announceRenewed: () => {},
    removeRefreshToken: () => {},
    signInWithRedirect: () => {},
    logError: () => {},
  },
  guards: {
    /** The backend token is due for renewal by the rule (renewsAt), or has expired; or the session's fixed end has passed (a tab that slept through it). */
    isDue: ({ context }) => renewsAt(context) <= Date.now() || (context.sessionEndsAt ?? Infinity) <= Date.now(),
    hasSessionEnd: ({ context }) => context.sessionEndsAt !== undefined,
    /** Only the person can go on: the refresh token no longer works (or is bound to a key this browser lost), or a hidden frame could not see the provider's session (a third party's cookie). */
    needsPerson: ({ event }) => ['invalid-refresh-token', 'dpop-key-lost', 'provider-session-unseen'].includes(failureOf(event).kind),
    succeeded: ({ event }) => signInOutcome(event).status === 'success',
    isTerminal: ({ event }) => signInOutcome(event).status === 'terminal',
  },
  delays: {
    renewBeforeExpiry: ({ context }) => until(renewsAt(context)),
    renewRetry: 30_000,
    warnBeforeSessionEnd: ({ context }) => until((context.sessionEndsAt ?? Infinity) - SESSION_END_WARNING_MS),
    sessionEnd: ({ context }) => until(context.sessionEndsAt),
  },
}).createMachine({
  id: 'token',
  initial: 'idle',
  context: {},
  states: {
    idle: {
      on: { ADDED: { target: 'active', actions: 'storeExpiry' } },
    },
    active: {
      initial: 'working',
      after: { renewBeforeExpiry: { target: 'renewing' } },
      on: {
        // Another tab renewed (its announceRenewed): the same rule from its new token.
        RENEWED: { target: 'active', reenter: true, actions: 'storeExpiry' },
        EXPIRED: { target: 'renewing' },
        WAKE: { guard: 'isDue', target: 'renewing' },
        REMOVED: { target: 'idle', actions: 'forget' },
      },
      states: {
        /** No fixed end known (the provider names none, or renews on its session alone). */
        working: {
          always: { guard: 'hasSessionEnd', target: 'counting' },
        },
        /** A fixed end is known: waiting for the moment to warn. */
        counting: {
          after: { warnBeforeSessionEnd: { target: 'endingSoon' } },
        },
        /** Five minutes before the fixed end: "Je sessie eindigt om 17:30", with a sign-in in the popup that starts a new session. */
        endingSoon: {
          // At the end itself the renewal is tried, and the provider says whether the session is over.
          after: { sessionEnd: { target: '#token.renewing' } },
          on: { SIGN_IN: { target: '#token.extending' } },
        },
      },
    },
    renewing: {
      invoke: {
        id: 'renewTokens',
        src: 'renewTokens',
        input: ({ context }) => ({ expiresAt: context.expiresAt }),
        onDone: { target: 'active', actions: ['storeGrant', 'announceRenewed'] },
        onError: [
          {
            guard: 'needsPerson',
            target: 'signInRequired',
            actions: ['storeError', 'removeRefreshToken', 'logError'],
          },
          { target: 'renewFailed', actions: ['storeError', 'logError'] },
        ],
      },
      on: {
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    renewFailed: {
      after: { renewRetry: { target: 'renewing' } },
      on: {
        RETRY: { target: 'renewing' },
        WAKE: { target: 'renewing' },
        RENEWED: { target: 'active', actions: 'storeExpiry' },
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    signInRequired: {
      on: {
        SIGN_IN: { target: 'reauthenticating' },
        // Confirmed in another tab: this one asks no more.
        RENEWED: { target: 'active', actions: 'storeExpiry' },
        ADDED: { target: 'active', actions: 'storeExpiry' },
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    reauthenticating: {
      entry: 'markPending',
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        onDone: [
          { guard: 'succeeded', target: 'active', actions: ['storeOutcome', 'announceRenewed'] },
          { guard: 'isTerminal', target: 'redirecting', actions: 'storeOutcome' },
          { target: 'signInRequired', actions: 'storeOutcome' },
        ],
      },
    },
    /** A sign-in in the popup while the session still runs: whatever the popup ends in, the session goes on until its end. */
    extending: {
      entry: 'markPending',
      invoke: {
        id: 'extend',
        src: 'reauthenticate',
        onDone: [
          { guard: 'succeeded', target: 'active', actions: ['storeOutcome', 'announceRenewed'] },
          { guard: 'isTerminal', target: 'redirecting', actions: 'storeOutcome' },
          { target: 'active', actions: 'storeOutcome' },
        ],
      },
      on: {
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    redirecting: {
      type: 'final',
      entry: 'signInWithRedirect',
    },
  },
});
