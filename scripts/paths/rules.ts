import { transition, type AnyEventObject, type AnyStateMachine, type StateValue } from 'xstate';
import type { ModelPath, PathRule, RunAction, WalkedStep } from './model.ts';

export type { PathRule, RuleStep } from './model.ts';

/** One broken rule: its name, the step and why. */
export interface Violation {
  rule: string;
  index: number;
  label: string;
  why: string;
}

/** What the rules said about one path: the violations, and per rule at how many steps it had something to check. */
export interface RuleReport {
  violations: Violation[];
  checked: Map<string, number>;
}

/** Checks every rule at every step of a walked path. */
export function checkRules(rules: PathRule[], path: ModelPath, steps: WalkedStep[], now: number): RuleReport {
  const violations: Violation[] = [];
  const checked = new Map(rules.map((rule) => [rule.name, 0]));
  steps.forEach((step, index) => {
    const at = { path, index, step, before: steps[index - 1], steps: steps.slice(0, index + 1), at: now + (step.delay ?? 0), now };
    for (const rule of rules) {
      const verdict = rule.check(at);
      if (verdict === undefined) continue;
      checked.set(rule.name, (checked.get(rule.name) ?? 0) + 1);
      if (verdict !== true) violations.push({ rule: rule.name, index, label: step.step.label, why: verdict });
    }
  });
  return { violations, checked };
}

/** `rule "never two renewals in flight" broken at step 3 (done renewTokens (ok)): renewTokens and reauthenticate run` */
export function describeViolation(path: ModelPath, violation: Violation): string {
  return `${path.id}: rule "${violation.rule}" broken at step ${violation.index} (${violation.label}): ${violation.why}`;
}

/** `  rules: at most one … (4 steps), never two … (6 steps)`: what a path is checked against, for `npm run paths`. */
export function describeChecked(report: RuleReport): string {
  return [...report.checked]
    .map(
      ([name, count]) =>
        `    ${count > 0 ? '✓' : '·'} ${name}${count > 0 ? ` (${count} step${count === 1 ? '' : 's'})` : ' (nothing to check)'}`,
    )
    .join('\n');
}

/** Whether a state value is, or is inside, the named top-level state. */
export function isIn(state: StateValue | undefined, top: string): boolean {
  if (state === undefined) return false;
  return typeof state === 'string' ? state === top : Object.hasOwn(state, top);
}

/**
 * What an event would do at a walked step, had it come then: the state and
 * context it leads to, the actions it runs, the timers it starts (as in
 * `WalkedStep.timers`) and the actors it starts. For a promise that holds at
 * any moment ("whenever the warning shows, “Ingelogd blijven” closes it"),
 * where a path only takes the event at some steps. Nothing runs: xstate's
 * pure `transition`, on the machine's clock (`now` in the paths).
 */
export interface WhatIf {
  state: StateValue;
  context: unknown;
  /** The actions it runs (assign aside: what it does shows in the context). */
  actions: RunAction[];
  /** The timers it starts, not those left running from before. */
  timers: string[];
  /** The actors it starts, not those left running from before. */
  running: string[];
  /** It leads to a final state: the machine is done. */
  done: boolean;
}

/** `at`: the moment the event comes (epoch ms), for the machine's clock (`Date.now()`); `now` when left out. */
export function whatIf(machine: AnyStateMachine, step: WalkedStep, event: AnyEventObject, at?: number): WhatIf {
  const clock = Object.getOwnPropertyDescriptor(Date, 'now')!;
  if (at !== undefined) Object.defineProperty(Date, 'now', { ...clock, value: () => at });
  let next, actions;
  try {
    [next, actions] = transition(machine, machine.resolveState({ value: step.state, context: step.context }), event);
  } finally {
    Object.defineProperty(Date, 'now', clock);
  }
  const params = (action: { params?: unknown }) => (action.params ?? {}) as { id?: string; delay?: number; event?: AnyEventObject };
  return {
    state: next.value,
    context: next.context,
    actions: actions.filter((action) => !action.type.startsWith('xstate.')).map((action) => ({ type: action.type, params: action.params })),
    timers: actions
      .filter((action) => action.type === 'xstate.raise' && params(action).delay !== undefined)
      .map((action) => `${(params(action).event?.type ?? '').replace(/^xstate\.after\./, '')} (${params(action).delay} ms)`),
    running: actions.filter((action) => action.type === 'xstate.spawnChild').map((action) => params(action).id ?? ''),
    done: next.status === 'done',
  };
}

/** The context of a walked step as a record. */
export function contextOf<T>(step: Pick<WalkedStep, 'context'> | undefined): Partial<T> {
  return (step?.context ?? {}) as Partial<T>;
}

/** Whether the step ran an action of this name. */
export function ran(step: Pick<WalkedStep, 'actions'>, action: string): boolean {
  return step.actions.some((run) => run.type === action);
}

/** The length of a waiting timer named `name` (`renewBeforeExpiry`), from the step's timers, or undefined. */
export function timerOf(step: Pick<WalkedStep, 'timers'>, name: string): number | undefined {
  for (const timer of step.timers) {
    const match = /^(\S+?)\.\S* \((\d+) ms\)$/.exec(timer);
    if (match?.[1] === name) return Number(match[2]);
  }
  return undefined;
}
