import { CONFIRM_TIME_MS, FRAME_LIMIT_MS, RENEW_MARGIN_MS } from '../../../machines/token.machine.ts';
import type { SignInOutcome, TokenContext, TokenGrant } from '../../../machines/token.types.ts';
import { isDeepStrictEqual } from 'node:util';
import { contextOf, isIn, ran, timerOf, type PathRule, type RuleStep } from '../../../scripts/paths/rules.ts';

/**
 * The session's rules for the backend token, as a tester states them, read
 * against every step of every generated path of the token machine. They are
 * written from the promise (README: "at most once per backend-token
 * lifetime"), not from the machine's code: the margin below is the rule
 * itself, restated.
 */

/** The renewal a person may have to confirm (no refresh token) comes a quarter of the lifetime before the end: at least the frame's limit and the time to confirm, at most a minute or half the lifetime. Any other a minute before. */
function allowedMargin({ lifetimeMs, renewLate }: TokenContext): number {
  if (!renewLate || lifetimeMs === undefined) return RENEW_MARGIN_MS;
  const quarter = lifetimeMs / 4;
  const least = FRAME_LIMIT_MS + CONFIRM_TIME_MS;
  return Math.min(quarter < least ? least : quarter, RENEW_MARGIN_MS, lifetimeMs / 2);
}

/** The person is asked: "Sessie bevestigen" or "Opnieuw inloggen" shows, where it did not (a popup that ends without success shows it again: the same question). */
const asksPerson = ({ step, before }: RuleStep) =>
  step.state === 'signInRequired' && before?.state !== 'signInRequired' && before?.state !== 'reauthenticating';

/** "Je sessie eindigt om 17:30" shows five minutes before the provider's session ends: the promise's own number, not the machine's constant, so a wrong constant breaks it. */
const SESSION_END_WARNING_MS = 5 * 60_000;

const RENEWALS = ['renewTokens', 'reauthenticate', 'extend'];
/** The sign-ins in the popup: `extend` while the session still runs, `reauthenticate` after it was lost. */
const POPUPS = ['reauthenticate', 'extend'];
const seconds = (ms: number) => `${Math.round(ms) / 1000} s`;

/** setTimeout's longest wait (2³¹ − 1 ms, about 24.8 days): a moment further away is waited for that long, and checked again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/**
 * How long a timer set now waits for `moment`: never less than nothing (a
 * moment passed is due at once), never more than setTimeout can. The clock
 * stands still at `now` while a path is walked, so every wait a step sets
 * is measured from `now`.
 */
const waitFor = (moment: number, now: number) => Math.min(LONGEST_WAIT_MS, Math.max(0, moment - now));

/** What the tab holds of its backend token and the provider's session: the four facts every renewal rule reads. */
const TOKEN_FACTS = ['expiresAt', 'lifetimeMs', 'renewLate', 'sessionEndsAt'] as const;
/** The facts that differ between two holdings, by name. */
const factsDiffering = (held: Partial<TokenContext>, given: Partial<TokenContext>) => TOKEN_FACTS.filter((key) => held[key] !== given[key]);

export const tokenRules: PathRule[] = [
  {
    name: 'at most one confirmation per backend-token lifetime',
    check(at) {
      if (!asksPerson(at)) return undefined;
      // The backend token the question is about is the one held since its expiry last changed.
      let granted = 0;
      at.steps.forEach((step, index) => {
        if (index > 0 && contextOf<TokenContext>(step).expiresAt !== contextOf<TokenContext>(at.steps[index - 1]).expiresAt)
          granted = index;
      });
      const asked = at.steps
        .slice(granted)
        .filter((_, offset) => asksPerson({ ...at, step: at.steps[granted + offset]!, before: at.steps[granted + offset - 1] })).length;
      return asked <= 1 || `the person is asked ${asked} times for the backend token held since step ${granted}`;
    },
  },
  {
    name: 'never two renewals in flight',
    check({ step }) {
      const inFlight = step.running.filter((id) => RENEWALS.includes(id));
      if (inFlight.length === 0) return undefined;
      return inFlight.length === 1 || `${inFlight.join(' and ')} run at once`;
    },
  },
  {
    name: 'a 401 or a refused refresh always clears the token',
    check({ step, before }) {
      const { trigger, kind } = step.step;
      if (kind === 'event' && trigger === 'EXPIRED' && isIn(before?.state, 'active')) {
        // The refused backend token is not used on: it is renewed at once.
        return step.state === 'renewing' || `after a 401 the tab is in ${JSON.stringify(step.state)}, not renewing`;
      }
      if (kind === 'error' && trigger === 'renewTokens') {
        const failure = step.step.payload as { kind: string };
        // The provider refused the refresh token, this browser lost the key it is bound to, or a hidden frame could not see the provider's session: only the person can go on.
        if (failure.kind === 'invalid-refresh-token' || failure.kind === 'dpop-key-lost' || failure.kind === 'provider-session-unseen') {
          if (!ran(step, 'removeRefreshToken')) return `a refused renewal (${failure.kind}) keeps the refresh token`;
          return (
            step.state === 'signInRequired' ||
            `a refused renewal (${failure.kind}) leads to ${JSON.stringify(step.state)}, not to asking the person`
          );
        }
        // Only the provider's refusal clears: an unreachable provider keeps the refresh token and tries again within 30 s.
        if (ran(step, 'removeRefreshToken')) return `an unanswered renewal (${failure.kind}) drops the refresh token`;
        const retry = timerOf(step, 'renewRetry');
        return (
          (step.state === 'renewFailed' && retry !== undefined && retry <= 30_000) ||
          `an unanswered renewal (${failure.kind}) leads to ${JSON.stringify(step.state)} with no retry within 30 s`
        );
      }
      return undefined;
    },
  },
  {
    name: 'a frozen or woken tab never renews earlier than the rule allows',
    check({ step, before, at, now }) {
      if (!isIn(before?.state, 'active')) return undefined;
      const woken = step.step.kind === 'event' && step.step.trigger === 'WAKE';
      const timed = step.step.kind === 'after' && step.step.trigger === 'renewBeforeExpiry';
      if (!woken && !timed) return undefined;
      const context = contextOf<TokenContext>(before);
      const margin = allowedMargin(context);
      const left = (context.expiresAt ?? 0) - at;
      const sessionOver = (context.sessionEndsAt ?? Infinity) <= at;
      const renews = step.state === 'renewing';
      if (woken) {
        if (renews && left > margin && !sessionOver)
          return `woken with ${seconds(left)} left, it renews: the rule says ${seconds(margin)} before the end`;
        if (!renews && (left <= margin || sessionOver))
          return `woken with ${seconds(left)} left (due ${seconds(margin)} before the end), it waits on`;
        return true;
      }
      // The timer: set at `now`, it fires when the token is due, or at once if it already was.
      const due = Math.min(margin, (context.expiresAt ?? 0) - now);
      return (renews && left === due) || `the timer renews with ${seconds(left)} left: the rule says ${seconds(due)}`;
    },
  },
  {
    name: 'sign-out anywhere ends every tab',
    check({ step }) {
      if (step.step.kind !== 'event' || step.step.trigger !== 'REMOVED') return undefined;
      const { expiresAt, lifetimeMs, renewLate, sessionEndsAt } = contextOf<TokenContext>(step);
      if (step.state !== 'idle') return `signed out elsewhere, the tab is in ${JSON.stringify(step.state)}`;
      if ([expiresAt, lifetimeMs, renewLate, sessionEndsAt].some((value) => value !== undefined))
        return 'signed out elsewhere, the tab keeps what it knew of the token';
      // The next person to sign in on this page sees nothing of the last one's sign-in or failure.
      const { signInStatus, error } = contextOf<TokenContext>(step);
      if (signInStatus !== undefined || error !== undefined)
        return `signed out elsewhere, the tab still shows the last sign-in (${signInStatus ?? 'none'}) or failure (${error?.kind ?? 'none'})`;
      return (
        (step.timers.length === 0 && step.running.length === 0) ||
        `signed out elsewhere, the tab still waits or renews: ${[...step.timers, ...step.running].join(', ')}`
      );
    },
  },
  {
    name: 'a renewal keeps what it got, here or in another tab: the next one follows the new token, and a tab that asked asks no more',
    check({ step, before }) {
      const { kind, trigger } = step.step;
      const elsewhere =
        kind === 'event' &&
        trigger === 'RENEWED' &&
        !isIn(before?.state, 'idle') &&
        before?.state !== 'renewing' &&
        before?.state !== 'reauthenticating' &&
        before?.state !== 'extending';
      const success =
        kind === 'done' &&
        (trigger === 'renewTokens' ||
          ((trigger === 'reauthenticate' || trigger === 'extend') && (step.step.payload as SignInOutcome).status === 'success'));
      if (!success && !elsewhere) return undefined;
      const got = step.step.payload as TokenGrant;
      const kept = contextOf<TokenContext>(step);
      const differs = factsDiffering(kept, got);
      if (differs.length > 0) return `the tab keeps another ${differs.join(', ')} than the renewal gave`;
      if (!isIn(step.state, 'active')) return `renewed, the tab is in ${JSON.stringify(step.state)}`;
      // The tab that renewed tells the others; one told does not tell them again.
      if (elsewhere) return !ran(step, 'announceRenewed') || 'told of another tab’s renewal, the tab announces it again';
      return (
        (ran(step, 'announceRenewed') && kept.error === undefined) ||
        'renewed, the tab does not tell the other tabs, or still shows the last failure'
      );
    },
  },
  {
    name: 'a confirmation that does not succeed keeps the page: asked again, or signed in by redirect only when the popup cannot open',
    check({ step }) {
      if (step.step.kind !== 'done' && step.step.kind !== 'error') return undefined;
      if (step.step.trigger !== 'reauthenticate' && step.step.trigger !== 'extend') return undefined;
      const outcome = step.step.kind === 'done' ? (step.step.payload as SignInOutcome).status : 'thrown';
      if (outcome === 'success') return undefined;
      const left = step.state === 'redirecting';
      if (outcome === 'terminal')
        return (left && ran(step, 'signInWithRedirect')) || 'a popup that cannot open does not lead to the redirect sign-in';
      if (left || ran(step, 'signInWithRedirect')) return `a popup that ended ${outcome} leaves the page`;
      // While the session ran (extend), it goes on; after it was lost (reauthenticate), the person is asked again.
      const expected = step.step.trigger === 'extend' ? isIn(step.state, 'active') : step.state === 'signInRequired';
      return expected || `a popup that ended ${outcome} leads to ${JSON.stringify(step.state)}`;
    },
  },
  {
    name: 'the working day’s fixed end is announced five minutes before it, and tried at the end',
    check({ step, before, at, now }) {
      if (step.step.kind !== 'after') return undefined;
      const context = contextOf<TokenContext>(before);
      if (step.step.trigger === 'warnBeforeSessionEnd') {
        const warnAt = Math.max(now, (context.sessionEndsAt ?? Infinity) - SESSION_END_WARNING_MS);
        return at === warnAt || `warned at ${seconds(at - now)}: the rule says ${seconds(warnAt - now)}`;
      }
      if (step.step.trigger === 'sessionEnd') {
        const endAt = Math.max(now, context.sessionEndsAt ?? Infinity);
        return (
          (at === endAt && step.state === 'renewing') ||
          `at the end (${seconds(endAt - now)}) the tab is in ${JSON.stringify(step.state)} at ${seconds(at - now)}`
        );
      }
      return undefined;
    },
  },
  {
    name: 'a sign-in or a reload (ADDED) gives the tab the token it was given, and a tab that asked the person asks no more',
    check({ step }) {
      if (step.step.kind !== 'event' || step.step.trigger !== 'ADDED') return undefined;
      const differs = factsDiffering(contextOf<TokenContext>(step), step.step.payload as TokenGrant);
      if (differs.length > 0) return `signed in, the tab keeps another ${differs.join(', ')} than the sign-in gave`;
      return isIn(step.state, 'active') || `signed in, the tab is in ${JSON.stringify(step.state)}`;
    },
  },
  {
    name: 'a tab that holds a token waits to renew it at the moment the rule says, from the token it holds now',
    check({ step, now }) {
      if (!isIn(step.state, 'active')) return undefined;
      const held = contextOf<TokenContext>(step);
      if (held.expiresAt === undefined) return 'the tab holds a token without knowing when it expires';
      const due = waitFor(held.expiresAt - allowedMargin(held), now);
      const waits = timerOf(step, 'renewBeforeExpiry');
      return (
        waits === due ||
        `the renewal waits ${waits === undefined ? 'for nothing' : seconds(waits)}: the token held (${seconds(held.expiresAt - now)} left) is due in ${seconds(due)}`
      );
    },
  },
  {
    name: "the person is warned five minutes before the provider's session ends, and the tab renews at its end",
    check({ step, at, now }) {
      if (!isIn(step.state, 'active')) return undefined;
      const warned =
        isIn(step.state, 'active') && typeof step.state === 'object' && (step.state as Record<string, unknown>).active === 'endingSoon';
      const warnWait = timerOf(step, 'warnBeforeSessionEnd');
      const endWait = timerOf(step, 'sessionEnd');
      const { sessionEndsAt } = contextOf<TokenContext>(step);
      if (sessionEndsAt === undefined) {
        // No end named: nothing to warn of, nothing to wait for.
        if (warned) return 'the tab warns of the end of a session that names none';
        return (
          (warnWait === undefined && endWait === undefined) ||
          `the session names no end, yet the tab waits for one (${[...step.timers].join(', ')})`
        );
      }
      const warnAt = sessionEndsAt - SESSION_END_WARNING_MS;
      if (at < warnAt) {
        if (warned) return `the end is warned of ${seconds(sessionEndsAt - at)} before it`;
        const due = waitFor(warnAt, now);
        return (
          warnWait === due ||
          `the warning waits ${warnWait === undefined ? 'for nothing' : seconds(warnWait)}: the rule says ${seconds(due)}`
        );
      }
      // Within the last minutes: the warning shows and the end is waited for, or the warning is due at once.
      if (!warned) return warnWait === 0 || `${seconds(sessionEndsAt - at)} before the end, no warning shows and none is due at once`;
      const due = waitFor(sessionEndsAt, now);
      return (
        endWait === due ||
        `the warning shows, and the end is waited for ${endWait === undefined ? 'never' : seconds(endWait)}: the rule says ${seconds(due)}`
      );
    },
  },
  {
    name: 'after "Opnieuw inloggen" the person is asked in a popup and nothing else runs: while the session still runs, the popup extends it',
    check({ step, before }) {
      const opened = POPUPS.filter((id) => step.running.includes(id) && !before?.running.includes(id));
      const clicked = step.step.kind === 'event' && step.step.trigger === 'SIGN_IN';
      if (!clicked)
        return opened.length === 0 || `a popup (${opened.join(', ')}) opens at "${step.step.label}", without the person's click`;
      // The warning of the session's end shows while the session runs: its sign-in extends it. Anywhere else the session was lost.
      const popup = isIn(before?.state, 'active') ? 'extend' : 'reauthenticate';
      if (!isDeepStrictEqual(step.running, [popup]))
        return `after the click, ${step.running.length === 0 ? 'nothing' : step.running.join(' and ')} runs, not the popup alone (${popup})`;
      if (step.timers.length > 0) return `while the popup is open the tab still waits: ${step.timers.join(', ')}`;
      return (
        contextOf<TokenContext>(step).signInStatus === 'pending' ||
        'the popup is open, and the tab does not show that the sign-in is under way'
      );
    },
  },
  {
    name: 'a failed renewal or sign-in is shown and logged, a popup’s end is shown, and a popup that does not succeed leaves the token as it was',
    check({ step, before }) {
      const { kind, trigger, payload } = step.step;
      if ((kind !== 'done' && kind !== 'error') || !RENEWALS.includes(trigger)) return undefined;
      const held = contextOf<TokenContext>(step);
      if (kind === 'error') {
        // The person and the log see its kind and detail.
        if (JSON.stringify(held.error) !== JSON.stringify(payload))
          return `the failure shown is ${JSON.stringify(held.error)}, not ${JSON.stringify(payload)}`;
        if (!ran(step, 'logError')) return 'the failure is not logged';
      }
      if (trigger === 'renewTokens') return true;
      const outcome = kind === 'done' ? (payload as SignInOutcome) : undefined;
      if (outcome) {
        if (held.signInStatus !== outcome.status)
          return `the popup ended ${outcome.status}, the tab shows ${JSON.stringify(held.signInStatus)}`;
        if (JSON.stringify(held.error) !== JSON.stringify(outcome.error))
          return `the popup ended with ${JSON.stringify(outcome.error)}, the tab shows ${JSON.stringify(held.error)}`;
        if (outcome.status === 'success') return true;
      }
      const differs = factsDiffering(held, contextOf<TokenContext>(before));
      return differs.length === 0 || `a popup that ended ${outcome?.status ?? 'thrown'} changes the token's ${differs.join(', ')}`;
    },
  },
  {
    name: 'a failed renewal is tried again within 30 s, at once when the connection is back or the tab wakes, and a renewal that runs is the only thing the tab waits for',
    check({ step, before }) {
      const { kind, trigger } = step.step;
      const again =
        before?.state === 'renewFailed' &&
        ((kind === 'event' && (trigger === 'RETRY' || trigger === 'WAKE')) || (kind === 'after' && trigger === 'renewRetry'));
      if (again && !step.running.includes('renewTokens'))
        return `after ${step.step.label} the failed renewal is not tried again (the tab is in ${JSON.stringify(step.state)})`;
      if (!step.running.includes('renewTokens')) return again ? true : undefined;
      return (
        (isDeepStrictEqual(step.running, ['renewTokens']) && step.timers.length === 0) ||
        `a renewal runs beside ${[...step.running.filter((id) => id !== 'renewTokens'), ...step.timers].join(', ')}`
      );
    },
  },
  {
    name: 'a renewal is told which token it renews, so a tab that waited while another tab renewed takes that token and does not use the refresh token again',
    check({ step, before, now }) {
      if (!step.running.includes('renewTokens') || before?.running.includes('renewTokens')) return undefined;
      const { expiresAt } = contextOf<TokenContext>(step);
      const told = (step.inputs.renewTokens as { expiresAt?: number } | undefined)?.expiresAt;
      return (
        told === expiresAt ||
        `the renewal is told of a token that expires ${told === undefined ? 'never' : `at now+${told - now} ms`}, the tab holds one until ${expiresAt === undefined ? 'never' : `now+${expiresAt - now} ms`}`
      );
    },
  },
];
