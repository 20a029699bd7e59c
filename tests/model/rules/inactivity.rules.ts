import type { InactivityContext } from '../../../machines/inactivity.types.ts';
import { contextOf, ran, type PathRule } from '../../../scripts/paths/rules.ts';

/**
 * The session's rules for inactivity on a shared computer, as a tester
 * states them, read against every step of every generated path of the
 * inactivity machine: the end is the last activity in any tab plus the
 * timeout, and the warning shows the warning time before it.
 */

const endOf = (context: Partial<InactivityContext>) => (context.lastActivity ?? 0) + (context.timeoutMs ?? 0);
const seconds = (ms: number) => `${Math.round(ms) / 1000} s`;

export const inactivityRules: PathRule[] = [
  {
    name: 'sign-out anywhere ends every tab',
    check({ step, before }) {
      if (step.step.kind !== 'event' || step.step.trigger !== 'SIGNED_OUT' || before?.state === 'signedOut') return undefined;
      return (step.state === 'signedOut' && ran(step, 'leaveForLogin') && step.timers.length === 0) || `signed out in another tab, this one is in ${JSON.stringify(step.state)}`;
    },
  },
  {
    name: 'nobody is signed out before the time without activity is up, and nobody past it stays',
    check({ step, before, at }) {
      if (before === undefined) return undefined;
      const signsOut = step.state === 'signingOut' && before?.state !== 'signingOut';
      const context = contextOf<InactivityContext>(before ?? step);
      if (signsOut) return at >= endOf(context) || `signed out ${seconds(endOf(context) - at)} before the end`;
      // A tab that checks the clock past the end signs out.
      const checks = step.step.kind === 'event' && step.step.trigger === 'CHECK';
      if (checks && (before?.state === 'active' || before?.state === 'warning')) return at < endOf(context) || `checked ${seconds(at - endOf(context))} past the end, the tab stays in ${JSON.stringify(step.state)}`;
      return undefined;
    },
  },
  {
    name: 'the warning shows the warning time before the end, not earlier, and only “Ingelogd blijven” closes it',
    check({ step, before, at }) {
      const context = contextOf<InactivityContext>(before ?? step);
      const warnAt = endOf(context) - (context.warningMs ?? 0);
      if (step.state === 'warning' && before?.state !== 'warning') return at >= warnAt || `warned ${seconds(warnAt - at)} before the warning time`;
      if (before?.state === 'warning' && step.step.kind === 'event' && step.step.trigger === 'ACTIVITY') return step.state === 'warning' || 'a mouse moving closes the warning';
      if (before?.state === 'warning' && step.step.kind === 'event' && step.step.trigger === 'STAY') {
        return (step.state === 'active' && endOf(contextOf<InactivityContext>(step)) > endOf(context)) || '“Ingelogd blijven” does not give the person a new timeout';
      }
      // A tab that checks the clock in the warning time (and before the end) shows the warning.
      if (before?.state === 'active' && step.step.kind === 'event' && step.step.trigger === 'CHECK' && at >= warnAt && at < endOf(context)) {
        return step.state === 'warning' || `checked in the warning time, the tab is in ${JSON.stringify(step.state)}`;
      }
      return undefined;
    },
  },
  {
    name: 'activity in any tab counts, and never moves the end back',
    check({ step, before }) {
      if (step.step.kind !== 'event' || (step.step.trigger !== 'ACTIVITY' && step.step.trigger !== 'STAY') || before?.state !== 'active') return undefined;
      const at = (step.step.payload as { at: number }).at;
      const was = contextOf<InactivityContext>(before).lastActivity ?? 0;
      const is = contextOf<InactivityContext>(step).lastActivity;
      return is === Math.max(was, at) || `activity at ${at} leaves the last activity at ${is}`;
    },
  },
  {
    name: 'one sign-out, which leaves for the login page even when it fails',
    check({ step, steps }) {
      if (step.state !== 'signingOut' && step.state !== 'signedOut') return undefined;
      const logged = steps.filter((walked) => ran(walked, 'logSignOut')).length;
      const left = steps.filter((walked) => ran(walked, 'leaveForLogin')).length;
      if (logged > 1 || left > 1) return `signed out ${logged} times, left ${left} times`;
      if (step.state === 'signingOut') return (step.running.length === 1 && logged === 1) || 'signing out, no one sign-out runs';
      return (left === 1 && step.running.length === 0) || 'signed out, the tab does not leave for the login page';
    },
  },
];
