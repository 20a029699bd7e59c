import { inactivityEndsAt, inactivityMachine } from '../../../machines/inactivity.machine.ts';
import type { InactivityContext } from '../../../machines/inactivity.types.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';
import { inactivityRules } from '../rules/inactivity.rules.ts';

const TIMEOUT = 15 * 60_000;
const WARNING = 60_000;

/**
 * Sign-out after inactivity. Its guards compare the last activity with the
 * clock, so the tests freeze `Date` and start from five moments: just
 * active, inside the warning time, past the end (a laptop that slept), and
 * exactly where the warning time and the end begin (a guard that waited a
 * millisecond too long would miss them).
 */
export function inactivityModel(now = Date.now()): MachineModel {
  const input = (lastActivity: number) => ({ timeoutMs: TIMEOUT, warningMs: WARNING, lastActivity });
  return {
    name: 'inactivity',
    machine: inactivityMachine,
    inputs: {
      'just active': input(now),
      'quiet into the warning': input(now - TIMEOUT + WARNING / 2),
      'quiet past the end': input(now - TIMEOUT - WARNING),
      'quiet to the warning': input(now - TIMEOUT + WARNING),
      'quiet to the end': input(now - TIMEOUT),
    },
    outcomes: {
      signOut: {
        done: { 'signed out': undefined },
        error: { failed: { kind: 'provider-unreachable', detail: 'fetch failed' } },
      },
    },
    events: {
      ACTIVITY: { now: { at: now } },
      STAY: { now: { at: now } },
    },
    through: [
      // The warning and the end begin at their moment, not after it.
      'start (quiet to the warning) → CHECK',
      'start (quiet to the end) → CHECK',
      // STAY while no warning shows (another tab's button) counts as activity: the wait for the warning starts again.
      'start (quiet into the warning) → STAY (now)',
    ],
    rules: inactivityRules,
    contextKey: (context: InactivityContext) => {
      const left = inactivityEndsAt(context) - now;
      return left <= 0 ? ' (over)' : left <= context.warningMs ? ' (warning time)' : '';
    },
  };
}
