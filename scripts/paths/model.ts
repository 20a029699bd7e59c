import type { AnyEventObject, AnyStateMachine, StateValue } from 'xstate';

/**
 * A machine as the path generator sees it: the machine (provided with
 * whatever guards the model needs), the inputs it may start with, the
 * outcomes each invoked actor can have, and payloads for external events.
 * Every invoke outcome, delay and external event becomes an event of the
 * graph; a path is a sequence of them.
 */
export interface MachineModel {
  /** `boot`, `callback`, `token`: used in test names and coverage lines. */
  name: string;
  machine: AnyStateMachine;
  /** The inputs to start from, by label. One for a machine without input. */
  inputs: Record<string, unknown>;
  /** Outcomes per invoke id: `done` outputs and `error` values, by label. */
  outcomes: Record<string, { done?: Record<string, unknown>; error?: Record<string, unknown> }>;
  /** Payload variants of external events by type and label; an event not listed is sent as `{ type }`. */
  events?: Record<string, Record<string, Omit<AnyEventObject, 'type'>>>;
  /**
   * What of the context tells two snapshots in the same state apart, for a
   * machine whose guards read the context (boot: a re-run or the first start).
   * Paths are searched per state value otherwise.
   */
  contextKey?: (context: never) => string;
  /**
   * Steps or transitions some path must go through, beyond what the cover
   * chooses: a step label (`error loadUserConfiguration (403)`), a transition
   * label (`error: loadUserConfiguration [isUnauthorized]`), a transition as
   * `source --label--> target` or its key, or steps that follow one another
   * (`RESTART → error loadUserConfiguration (500)`: a fault that shows only
   * in the second; `…` stands for any steps between two). The shortest
   * candidate through each one that no chosen path takes is added.
   */
  through?: string[];
  /**
   * The session's rules this machine keeps, checked at every step of every
   * path (scripts/paths/rules.ts): written from what the person and the
   * backend must see, so they can tell a wrong machine from a right one
   * where a trace recorded from the machine can only tell a changed one.
   */
  rules?: PathRule[];
}

export type StepKind = 'start' | 'event' | 'done' | 'error' | 'after';

/** One step of a path: what happens, and the state value the machine is in afterwards. */
export interface PathStep {
  kind: StepKind;
  /** Event type, invoke id or delay name; the input label for `start`. */
  trigger: string;
  /** Outcome or payload label (`ok`, `401`, `en-US`), when the trigger has variants. */
  outcome: string | undefined;
  /** `done loadUserConfiguration (401)`, `RETRY`, `after loginSlow`. */
  label: string;
  /** The external event to send; the output of `done`; the error of `error`. */
  payload: unknown;
  state: StateValue;
}

export interface ModelPath {
  /** `boot#3`: the machine and the path's place among the chosen paths; `npm run paths` prints its steps. */
  id: string;
  machine: string;
  /** The label of the input this path starts with. */
  input: string;
  steps: PathStep[];
  /** Keys of the transitions (see scripts/machines/read.ts) this path takes, filled in by measuring it. */
  transitions: string[];
}

export function stepLabel(kind: StepKind, trigger: string, outcome: string | undefined): string {
  const head = kind === 'done' || kind === 'error' ? `${kind} ${trigger}` : kind === 'after' ? `after ${trigger}` : trigger;
  return outcome === undefined ? head : `${head} (${outcome})`;
}

/** `start (redirect) → done parseTokens (ok) → after loginSlow` */
export function pathTitle(path: ModelPath): string {
  return [`start (${path.input})`, ...path.steps.slice(1).map((step) => step.label)].join(' → ');
}

/** `boot#3 start (nl) → done loadConfig (ok) → …`: the name of a path's test. */
export function pathName(path: ModelPath): string {
  return `${path.id} ${pathTitle(path)}`;
}

/** A state value as a stable string: keys sorted, so `{flow, view}` and `{view, flow}` agree. */
export function stateKey(value: StateValue | undefined): string {
  if (value === undefined) return '-';
  if (typeof value === 'string') return value;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${key}:${stateKey(value[key] as StateValue)}`)
    .join(',')}}`;
}

/** An action the machine ran (assign aside: what it does shows in the context), with its parameters. */
export interface RunAction {
  type: string;
  params: unknown;
}

/** What one step did: the state, context and actions it reached, and for a delay its length. */
export interface WalkedStep {
  step: PathStep;
  state: StateValue;
  context: unknown;
  actions: RunAction[];
  /** The delayed events waiting after the step, as `<delay>.<state id> (<ms> ms)`: a timer restarted or left running shows here. */
  timers: string[];
  /** The delay's length in ms, for an `after` step. */
  delay?: number;
  /** The ids of the actors running after the step (`renewTokens`, `probe`): what is in flight. */
  running: string[];
  /** The input each of those actors was started with, by id (`renewTokens`: the expiry of the token it renews). */
  inputs: Record<string, unknown>;
  /** The machine reached a final state: it is done and takes no more events. */
  done: boolean;
}

/**
 * What a rule sees at one step of a walked path: the step, the one before
 * it, every step so far, and the moment the step happens. The machines read
 * a frozen clock (`now`); a delay fires `delay` ms after the step that
 * started its timer, so that is its moment (`now + delay`), and every other
 * step happens at `now`.
 */
export interface RuleStep {
  path: ModelPath;
  /** The step's place in the path: 0 is the start. */
  index: number;
  step: WalkedStep;
  before: WalkedStep | undefined;
  /** The path's steps up to this one, the start first. */
  steps: WalkedStep[];
  /** When the step happens (epoch ms): `now`, or `now` plus the delay of an `after` step. */
  at: number;
  now: number;
}

/**
 * A rule of the session in a tester's words, checked at every step of every
 * generated path. `check` says nothing (`undefined`) at a step the rule is
 * not about, `true` where it holds, and why it is broken otherwise. A rule
 * states what a person or the backend must see; it does not ask the machine
 * how it decides, so a wrong guard, delay or action breaks it.
 */
export interface PathRule {
  /** `at most one confirmation per backend-token lifetime` */
  name: string;
  check(at: RuleStep): true | string | undefined;
}
