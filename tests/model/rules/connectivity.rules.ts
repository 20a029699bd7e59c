import { connectivityMachine } from '../../../machines/connectivity.machine.ts';
import type { ConnectivityContext } from '../../../machines/connectivity.types.ts';
import { contextOf, isIn, ran, timerOf, whatIf, type PathRule, type RuleStep } from '../../../scripts/paths/rules.ts';

/**
 * The rules of the connection watch, as a tester states them, read against
 * every step of every generated path of the connectivity machine. The page
 * itself is never touched: these are about what the person is told and when
 * the app tries again. What may come at any moment (the browser going
 * offline or back online, the person's “Nu opnieuw proberen”) is asked of
 * the machine at every step (`whatIf`), not only where a path does it.
 */

/** 2 s, 4 s, 8 s, 16 s, then every 30 s. */
const BACKOFF_MS = [2_000, 4_000, 8_000, 16_000];
const backoff = (attempts: number) => BACKOFF_MS[attempts] ?? 30_000;

/** The step starts a wait before the next attempt (the banner's countdown shows). */
const startsWaiting = ({ step, before }: RuleStep) =>
  isIn(step.state, 'lost') && JSON.stringify(step.state).includes('waiting') && !JSON.stringify(before?.state).includes('waiting');

/** The app waits to try again (the banner's countdown shows), or tries. */
const waits = (state: unknown) => JSON.stringify(state).includes('waiting');
const tries = (state: unknown) => JSON.stringify(state).includes('probing');
const stateOf = (reached: { state: unknown }) => JSON.stringify(reached.state);
/** The notice that the connection is back shows for a moment: at most this long. */
const NOTICE_MS = 5_000;

export const connectivityRules: PathRule[] = [
  {
    name: 'never two attempts in flight',
    check({ step }) {
      if (step.running.length === 0) return undefined;
      return step.running.length === 1 || `${step.running.join(' and ')} run at once`;
    },
  },
  {
    name: 'a lost connection is tried again after 2, 4, 8, 16, then every 30 s, and at once when the browser is back online or the person asks',
    check(at) {
      const { step, before } = at;
      if (startsWaiting(at)) {
        const { attempts = 0 } = contextOf<ConnectivityContext>(step);
        const wait = timerOf(step, 'retryBackoff');
        return wait === backoff(attempts) || `after ${attempts} failed attempts the next comes in ${wait} ms, not ${backoff(attempts)} ms`;
      }
      const asks = step.step.kind === 'event' && (step.step.trigger === 'ONLINE' || step.step.trigger === 'RETRY');
      if (asks && JSON.stringify(before?.state).includes('waiting'))
        return step.running.includes('probe') || `${step.step.trigger} does not try at once`;
      return undefined;
    },
  },
  {
    name: 'the countdown the person sees ends when the next attempt comes',
    check(at) {
      if (!startsWaiting(at)) return undefined;
      const { retryAt, retryInMs } = contextOf<ConnectivityContext>(at.step);
      const wait = timerOf(at.step, 'retryBackoff');
      return (
        (wait !== undefined && retryInMs === wait && retryAt === at.at + wait) ||
        `the next attempt comes in ${wait} ms, the countdown says ${retryInMs} ms, ending ${retryAt === undefined ? 'never' : `${retryAt - at.at} ms from now`}`
      );
    },
  },
  {
    name: 'the person is told why: offline when the browser says so, otherwise the server out of reach',
    check({ step, before }) {
      if (step.step.kind !== 'event') return undefined;
      const { cause } = contextOf<ConnectivityContext>(step);
      const { trigger } = step.step;
      if (trigger === 'OFFLINE' && before?.state !== undefined)
        return (isIn(step.state, 'lost') && cause === 'offline') || `offline, the person is told ${cause ?? 'nothing'}`;
      if (trigger === 'UNREACHABLE' && !isIn(before?.state, 'lost'))
        return (
          (isIn(step.state, 'lost') && cause === 'unreachable' && ran(step, 'logLost')) ||
          `a request without answer, the person is told ${cause ?? 'nothing'}`
        );
      if (trigger === 'ONLINE' && JSON.stringify(before?.state).includes('waiting'))
        return cause === 'unreachable' || 'online again and still no answer, the person is told the browser is offline';
      return undefined;
    },
  },
  {
    name: 'reached again, the person is told so for a moment, and the count starts afresh',
    check({ step, before }) {
      if (step.step.kind === 'done' && step.step.trigger === 'probe') {
        const context = contextOf<ConnectivityContext>(step);
        const fresh =
          context.attempts === 0 && context.cause === undefined && context.retryAt === undefined && context.retryInMs === undefined;
        return (
          (step.state === 'restored' && ran(step, 'announceRestored') && fresh) ||
          `reached, the tab is in ${JSON.stringify(step.state)} and still counts ${context.attempts} attempts`
        );
      }
      if (step.step.kind === 'error' && step.step.trigger === 'probe') {
        const was = contextOf<ConnectivityContext>(before).attempts ?? 0;
        return contextOf<ConnectivityContext>(step).attempts === was + 1 || 'a failed attempt is not counted';
      }
      if (before?.state === 'restored' && step.step.kind === 'after')
        return (
          (step.state === 'online' && step.delay !== undefined && step.delay <= 5_000) || 'the notice that the connection is back stays'
        );
      return undefined;
    },
  },
  {
    name: 'a failed check of the connection waits and tries again, each wait no shorter than the one before, and the countdown shows when',
    check({ step, steps, now }) {
      if (isIn(step.state, 'lost') && waits(step.state)) {
        const wait = timerOf(step, 'retryBackoff');
        const { retryAt } = contextOf<ConnectivityContext>(step);
        if (wait === undefined || retryAt === undefined)
          return `waiting, the next attempt comes ${wait === undefined ? 'never' : `in ${wait} ms`}, the countdown ends ${retryAt === undefined ? 'never' : `${retryAt - now} ms from now`}`;
      }
      if (step.step.kind !== 'error' || step.step.trigger !== 'probe') return undefined;
      const wait = timerOf(step, 'retryBackoff');
      if (!isIn(step.state, 'lost') || !waits(step.state) || wait === undefined)
        return `a failed attempt leads to ${stateOf(step)}, with no wait before the next`;
      // The waits of this outage: since the connection was last reached.
      const since = steps.findLastIndex((walked) => !isIn(walked.state, 'lost'));
      const longest = Math.max(0, ...steps.slice(since + 1, -1).map((walked) => timerOf(walked, 'retryBackoff') ?? 0));
      return wait >= longest || `after a failed attempt the wait is ${wait} ms, shorter than the ${longest} ms before`;
    },
  },
  {
    name: 'when the countdown ends, the app tries again',
    check({ step, before }) {
      if (step.step.kind !== 'after' || !waits(before?.state)) return undefined;
      return (
        (tries(step.state) && step.running.includes('probe')) || `the countdown ended, the tab is in ${stateOf(step)} and tries nothing`
      );
    },
  },
  {
    name: '“De verbinding is hersteld.” shows and then goes',
    check({ step }) {
      if (step.state !== 'restored') return undefined;
      const notice = timerOf(step, 'restoredNotice');
      return (
        (notice !== undefined && notice > 0 && notice <= NOTICE_MS) ||
        `the notice that the connection is back shows ${notice === undefined ? 'for good' : `for ${notice} ms`}`
      );
    },
  },
  {
    name: 'whenever the browser goes offline, the person is told so, and a request without answer while all seemed well tells the server is out of reach',
    check({ step }) {
      const offline = whatIf(connectivityMachine, step, { type: 'OFFLINE' });
      const told = contextOf<ConnectivityContext>(offline).cause;
      if (!isIn(offline.state, 'lost') || told !== 'offline')
        return `offline while ${stateOf(step)}, the tab goes to ${stateOf(offline)} and tells ${told ?? 'nothing'}`;
      if (isIn(step.state, 'lost')) return true;
      const unreachable = whatIf(connectivityMachine, step, { type: 'UNREACHABLE' });
      const cause = contextOf<ConnectivityContext>(unreachable).cause;
      return (
        (isIn(unreachable.state, 'lost') && waits(unreachable.state) && cause === 'unreachable' && ran(unreachable, 'logLost')) ||
        `a request without answer while ${stateOf(step)} leads to ${stateOf(unreachable)} and tells ${cause ?? 'nothing'}`
      );
    },
  },
  {
    name: 'whenever the countdown shows, “Nu opnieuw proberen” and the browser back online try at once',
    check({ step }) {
      if (!waits(step.state)) return undefined;
      for (const type of ['RETRY', 'ONLINE']) {
        const then = whatIf(connectivityMachine, step, { type });
        if (!tries(then.state) || !then.running.includes('probe'))
          return `${type} while the countdown shows leads to ${stateOf(then)} and tries nothing`;
      }
      return true;
    },
  },
];
