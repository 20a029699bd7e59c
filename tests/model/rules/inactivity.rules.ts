import { inactivityMachine } from '../../../machines/inactivity.machine.ts';
import type { InactivityContext } from '../../../machines/inactivity.types.ts';
import { contextOf, ran, timerOf, whatIf, type PathRule } from '../../../scripts/paths/rules.ts';

/**
 * The session's rules for inactivity on a shared computer, as a tester
 * states them, read against every step of every generated path of the
 * inactivity machine: the end is the last activity in any tab plus the
 * timeout, and the warning shows the warning time before it. What a
 * person or another tab may do at any moment (activity, “Ingelogd
 * blijven”, a sign-out elsewhere, a tab waking up) is asked of the machine
 * at every step (`whatIf`), not only where a path happens to do it.
 */

const endOf = (context: Partial<InactivityContext>) => (context.lastActivity ?? 0) + (context.timeoutMs ?? 0);
const seconds = (ms: number) => `${Math.round(ms) / 1000} s`;
const warnAtOf = (context: Partial<InactivityContext>) => endOf(context) - (context.warningMs ?? 0);
const stateOf = (reached: { state: unknown }) => JSON.stringify(reached.state);

/**
 * When a waiting timer of the tab ends (epoch ms), or undefined when none
 * waits. The clock the machine reads stands still at `now` in the paths, so
 * every timer, whichever step started it, is counted from `now`.
 */
const endsAt = (reached: { timers: string[] }, timer: string, now: number) => {
  const length = timerOf(reached, timer);
  return length === undefined ? undefined : now + length;
};
const when = (moment: number | undefined, now: number) => (moment === undefined ? 'never' : `${seconds(moment - now)} from now`);

export const inactivityRules: PathRule[] = [
  {
    name: 'a sign-out in another tab stops the watch here, which leaves the page to the token sharing that heard it',
    check({ step, before }) {
      if (step.step.kind !== 'event' || step.step.trigger !== 'SIGNED_OUT' || before?.state === 'signedOut') return undefined;
      if (step.state !== 'signedOut' || !step.done || step.timers.length > 0 || step.running.length > 0)
        return `signed out in another tab, this one is in ${JSON.stringify(step.state)}${step.done ? '' : ', still watching'}`;
      // A second page load would cancel the token sharing's, and say "idle" for a sign-out from the menu.
      return !ran(step, 'leaveForLogin') || 'signed out in another tab, the watch leaves for the login page as well';
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
      if (checks && (before?.state === 'active' || before?.state === 'warning'))
        return (
          at < endOf(context) || `checked ${seconds(at - endOf(context))} past the end, the tab stays in ${JSON.stringify(step.state)}`
        );
      return undefined;
    },
  },
  {
    name: 'the warning shows the warning time before the end, not earlier, and only “Ingelogd blijven” closes it',
    check({ step, before, at }) {
      const context = contextOf<InactivityContext>(before ?? step);
      const warnAt = endOf(context) - (context.warningMs ?? 0);
      if (step.state === 'warning' && before?.state !== 'warning')
        return at >= warnAt || `warned ${seconds(warnAt - at)} before the warning time`;
      if (before?.state === 'warning' && step.step.kind === 'event' && step.step.trigger === 'ACTIVITY')
        return step.state === 'warning' || 'a mouse moving closes the warning';
      if (before?.state === 'warning' && step.step.kind === 'event' && step.step.trigger === 'STAY') {
        return (
          (step.state === 'active' && endOf(contextOf<InactivityContext>(step)) > endOf(context)) ||
          '“Ingelogd blijven” does not give the person a new timeout'
        );
      }
      // A tab that checks the clock in the warning time (and before the end) shows the warning.
      if (
        before?.state === 'active' &&
        step.step.kind === 'event' &&
        step.step.trigger === 'CHECK' &&
        at >= warnAt &&
        at < endOf(context)
      ) {
        return step.state === 'warning' || `checked in the warning time, the tab is in ${JSON.stringify(step.state)}`;
      }
      return undefined;
    },
  },
  {
    name: 'activity in any tab counts, and never moves the end back',
    check({ step, before }) {
      if (step.step.kind !== 'event' || (step.step.trigger !== 'ACTIVITY' && step.step.trigger !== 'STAY') || before?.state !== 'active')
        return undefined;
      const at = (step.step.payload as { at: number }).at;
      const was = contextOf<InactivityContext>(before).lastActivity ?? 0;
      const is = contextOf<InactivityContext>(step).lastActivity;
      return is === Math.max(was, at) || `activity at ${at} leaves the last activity at ${is}`;
    },
  },
  {
    name: 'one sign-out, which leaves for the login page even when it fails',
    check({ step, steps }) {
      // The sign-out ends, done or failed: the tab is signed out.
      if ((step.step.kind === 'done' || step.step.kind === 'error') && step.step.trigger === 'signOut' && step.state !== 'signedOut')
        return `the sign-out ${step.step.kind === 'done' ? 'is done' : 'failed'}, the tab stays in ${stateOf(step)}`;
      if (step.state !== 'signingOut' && step.state !== 'signedOut') return undefined;
      const logged = steps.filter((walked) => ran(walked, 'logSignOut')).length;
      const left = steps.filter((walked) => ran(walked, 'leaveForLogin')).length;
      const ended = steps.filter(
        (walked) => (walked.step.kind === 'done' || walked.step.kind === 'error') && walked.step.trigger === 'signOut',
      ).length;
      if (logged > 1 || left > 1) return `signed out ${logged} times, left ${left} times`;
      if (step.state === 'signingOut') return (step.running.length === 1 && logged === 1) || 'signing out, no one sign-out runs';
      if (step.running.length > 0) return 'signed out, a sign-out still runs';
      // Signed out is the end: the watch is done and counts nothing more.
      if (!step.done) return 'signed out, the watch still runs';
      // The tab's own sign-out leaves; one stopped by a sign-out elsewhere leaves that to the token sharing.
      if (ended === 1) return left === 1 || 'signed out, the tab does not leave for the login page';
      return left === 0 || 'signed out in another tab, the watch leaves for the login page as well';
    },
  },
  {
    name: 'the warning comes the warning time before the end, counted from the last activity in any tab',
    check({ step, now }) {
      if (step.state !== 'active') return undefined;
      const context = contextOf<InactivityContext>(step);
      // Already in the warning time (a tab that slept): at once.
      const due = Math.max(now, warnAtOf(context));
      const comes = endsAt(step, 'untilWarning', now);
      return comes === due || `the warning is due ${seconds(due - now)} from now, it comes ${when(comes, now)}`;
    },
  },
  {
    name: 'while the warning shows, the tab signs out at the end, counted from the last activity in any tab',
    check({ step, now }) {
      if (step.state !== 'warning') return undefined;
      const due = Math.max(now, endOf(contextOf<InactivityContext>(step)));
      const comes = endsAt(step, 'untilEnd', now);
      return comes === due || `the end is ${seconds(due - now)} from now, the tab signs out ${when(comes, now)}`;
    },
  },
  {
    name: 'activity in any tab, or “Ingelogd blijven” in another, while no warning shows puts the warning off: it comes the warning time before the new end',
    check({ step, now }) {
      if (step.state !== 'active') return undefined;
      const was = contextOf<InactivityContext>(step);
      for (const type of ['ACTIVITY', 'STAY']) {
        const then = whatIf(inactivityMachine, step, { type, at: now });
        const context = contextOf<InactivityContext>(then);
        const due = Math.max(now, warnAtOf(context));
        const comes = endsAt(then, 'untilWarning', now);
        if (then.state !== 'active' || context.lastActivity !== Math.max(was.lastActivity ?? 0, now) || comes !== due) {
          return `${type} now leads to ${stateOf(then)}, the last activity ${context.lastActivity === undefined ? 'unknown' : seconds((context.lastActivity ?? 0) - now) + ' from now'}, the warning ${when(comes, now)}, not ${seconds(due - now)} from now`;
        }
      }
      return true;
    },
  },
  {
    name: 'whenever the warning shows, “Ingelogd blijven” closes it with a new timeout, and nothing else a person does',
    check({ step, now }) {
      if (step.state !== 'warning') return undefined;
      const stays = whatIf(inactivityMachine, step, { type: 'STAY', at: now });
      const end = endOf(contextOf<InactivityContext>(stays));
      if (stays.state !== 'active' || end !== now + (contextOf<InactivityContext>(step).timeoutMs ?? 0))
        return `“Ingelogd blijven” leads to ${stateOf(stays)}, the end ${seconds(end - now)} from now`;
      const moves = whatIf(inactivityMachine, step, { type: 'ACTIVITY', at: now });
      return moves.state === 'warning' || `a mouse moving leads to ${stateOf(moves)}`;
    },
  },
  {
    name: 'a tab that checks the clock shows what the time says: signed out past the end, the warning in the warning time, nothing before it',
    check({ step, now }) {
      if (step.state !== 'active' && step.state !== 'warning') return undefined;
      const context = contextOf<InactivityContext>(step);
      // Now, and a tab that slept until the warning time or the end and checks then.
      for (const moment of [now, warnAtOf(context), endOf(context)].filter((moment) => moment >= now)) {
        const checks = whatIf(inactivityMachine, step, { type: 'CHECK' }, moment);
        const due =
          moment >= endOf(context) ? 'signingOut' : moment >= warnAtOf(context) || step.state === 'warning' ? 'warning' : 'active';
        if (checks.state !== due)
          return `in ${stateOf(step)}, checked ${seconds(endOf(context) - moment)} before the end, the tab goes to ${stateOf(checks)}, not ${due}`;
      }
      return true;
    },
  },
  {
    name: 'a sign-out in another tab stops the watch whenever it comes, and the watch does not leave the page itself',
    check({ step }) {
      if (step.state === 'signedOut') return undefined;
      const then = whatIf(inactivityMachine, step, { type: 'SIGNED_OUT' });
      return (
        (then.state === 'signedOut' && then.done && then.timers.length === 0 && !ran(then, 'leaveForLogin')) ||
        `signed out in another tab while ${stateOf(step)}, this one goes to ${stateOf(then)}${ran(then, 'leaveForLogin') ? ' and leaves the page itself' : ''}`
      );
    },
  },
];
