import type { ConnectivityContext } from '../../../machines/connectivity.types.ts';
import { contextOf, isIn, ran, timerOf, type PathRule, type RuleStep } from '../../../scripts/paths/rules.ts';

/**
 * The rules of the connection watch, as a tester states them, read against
 * every step of every generated path of the connectivity machine. The page
 * itself is never touched: these are about what the person is told and when
 * the app tries again.
 */

/** 2 s, 4 s, 8 s, 16 s, then every 30 s. */
const BACKOFF_MS = [2_000, 4_000, 8_000, 16_000];
const backoff = (attempts: number) => BACKOFF_MS[attempts] ?? 30_000;

/** The step starts a wait before the next attempt (the banner's countdown shows). */
const startsWaiting = ({ step, before }: RuleStep) => isIn(step.state, 'lost') && JSON.stringify(step.state).includes('waiting') && !JSON.stringify(before?.state).includes('waiting');

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
      if (asks && JSON.stringify(before?.state).includes('waiting')) return step.running.includes('probe') || `${step.step.trigger} does not try at once`;
      return undefined;
    },
  },
  {
    name: 'the countdown the person sees ends when the next attempt comes',
    check(at) {
      if (!startsWaiting(at)) return undefined;
      const { retryAt, retryInMs } = contextOf<ConnectivityContext>(at.step);
      const wait = timerOf(at.step, 'retryBackoff');
      return (wait !== undefined && retryInMs === wait && retryAt === at.at + wait) || `the next attempt comes in ${wait} ms, the countdown says ${retryInMs} ms, ending ${retryAt === undefined ? 'never' : `${retryAt - at.at} ms from now`}`;
    },
  },
  {
    name: 'the person is told why: offline when the browser says so, otherwise the server out of reach',
    check({ step, before }) {
      if (step.step.kind !== 'event') return undefined;
      const { cause } = contextOf<ConnectivityContext>(step);
      const { trigger } = step.step;
      if (trigger === 'OFFLINE' && before?.state !== undefined) return (isIn(step.state, 'lost') && cause === 'offline') || `offline, the person is told ${cause ?? 'nothing'}`;
      if (trigger === 'UNREACHABLE' && !isIn(before?.state, 'lost')) return (isIn(step.state, 'lost') && cause === 'unreachable' && ran(step, 'logLost')) || `a request without answer, the person is told ${cause ?? 'nothing'}`;
      if (trigger === 'ONLINE' && JSON.stringify(before?.state).includes('waiting')) return cause === 'unreachable' || 'online again and still no answer, the person is told the browser is offline';
      return undefined;
    },
  },
  {
    name: 'reached again, the person is told so for a moment, and the count starts afresh',
    check({ step, before }) {
      if (step.step.kind === 'done' && step.step.trigger === 'probe') {
        const context = contextOf<ConnectivityContext>(step);
        const fresh = context.attempts === 0 && context.cause === undefined && context.retryAt === undefined && context.retryInMs === undefined;
        return (step.state === 'restored' && ran(step, 'announceRestored') && fresh) || `reached, the tab is in ${JSON.stringify(step.state)} and still counts ${context.attempts} attempts`;
      }
      if (step.step.kind === 'error' && step.step.trigger === 'probe') {
        const was = contextOf<ConnectivityContext>(before).attempts ?? 0;
        return contextOf<ConnectivityContext>(step).attempts === was + 1 || 'a failed attempt is not counted';
      }
      if (before?.state === 'restored' && step.step.kind === 'after') return (step.state === 'online' && step.delay !== undefined && step.delay <= 5_000) || 'the notice that the connection is back stays';
      return undefined;
    },
  },
];
