import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

/** What kind of thing makes a transition happen. */
export type TransitionKind = 'event' | 'done' | 'error' | 'after' | 'always';

/** One transition of a machine: one guard branch of one event, invoke outcome, delay or eventless rule. */
export interface MachineTransition {
  /** Stable across `machine.provide()`: source state id, event type and branch index. */
  key: string;
  kind: TransitionKind;
  source: AnyStateNode;
  target: AnyStateNode;
  /** The event type, invoke id or delay name. */
  trigger: string;
  guard: string | undefined;
  /** `RETRY`, `done: loadConfig`, `after loginSlow`, `always`, followed by `[guard]` when guarded. */
  label: string;
  /** Names of the actions the transition runs, in order. */
  actions: string[];
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The key of a transition definition, the same for the machine and every `provide()` of it. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  if (source.always?.includes(transition)) return `${source.id}#always#${source.always.indexOf(transition)}`;
  const branches = source.transitions.get(transition.eventType) ?? [];
  return `${source.id}#${transition.eventType}#${branches.indexOf(transition)}`;
}

function guardName(transition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = transition.guard;
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

function describe(transition: AnyTransitionDefinition, always: boolean): { kind: TransitionKind; trigger: string } {
  const type = transition.eventType;
  if (always) return { kind: 'always', trigger: '' };
  if (type.startsWith(DONE)) return { kind: 'done', trigger: type.slice(DONE.length) };
  if (type.startsWith(ERROR)) return { kind: 'error', trigger: type.slice(ERROR.length) };
  if (type.startsWith(AFTER)) {
    const delay = (transition as { delay?: unknown }).delay;
    return { kind: 'after', trigger: typeof delay === 'string' ? delay : `${String(delay)} ms` };
  }
  return { kind: 'event', trigger: type };
}

/** `RETRY`, `done: loadConfig`, `error: loadConfig`, `after loginSlow`, `always`, with ` [guard]`. */
export function transitionLabel(kind: TransitionKind, trigger: string, guard: string | undefined, separator = ': '): string {
  const head = {
    event: trigger,
    done: `done${separator}${trigger}`,
    error: `error${separator}${trigger}`,
    after: `after ${trigger}`,
    always: 'always',
  }[kind];
  return guard === undefined ? head : `${head} [${guard}]`;
}

function toTransition(transition: AnyTransitionDefinition, target: AnyStateNode, always: boolean): MachineTransition {
  const { kind, trigger } = describe(transition, always);
  const guard = guardName(transition);
  const actions = transition.actions.map(actionName).filter((name): name is string => name !== undefined);
  return {
    key: transitionKey(transition),
    kind,
    source: transition.source,
    target,
    trigger,
    guard,
    label: transitionLabel(kind, trigger, guard),
    actions,
  };
}

function collect(node: DirectedGraphNode, into: MachineTransition[]): void {
  for (const edge of node.edges) into.push(toTransition(edge.transition, edge.target, false));
  // toDirectedGraph leaves eventless transitions out; they are transitions all the same.
  for (const transition of node.stateNode.always ?? []) {
    for (const target of transition.target ?? [node.stateNode]) into.push(toTransition(transition, target, true));
  }
  for (const child of node.children) collect(child, into);
}

/**
 * Every transition of a machine, in document order: the edges of
 * `toDirectedGraph` (events, invoke done and error, delays; one per guard
 * branch) plus the `always` branches, which that graph does not list.
 */
export function machineTransitions(machine: AnyStateMachine): MachineTransition[] {
  const transitions: MachineTransition[] = [];
  collect(toDirectedGraph(machine), transitions);
  return transitions;
}

/** The state node's path below the machine root, e.g. `flow.parsingTokens`. */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}

/** The name of a named action; inline functions have none. */
export function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: unknown }).type);
  return undefined;
}
